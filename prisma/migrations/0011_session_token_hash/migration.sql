-- Sessions are looked up by the SHA-256 of the token the client holds (server/auth/lucia.ts,
-- sessionRowId), so the table no longer holds tokens that sign anyone in. Existing sessions keep
-- working: their row id becomes the hash of the token they were stored under.
UPDATE "Session" SET "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex');
