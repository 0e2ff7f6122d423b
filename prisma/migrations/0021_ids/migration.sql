-- One id format per table (decision 0177): every row id is made by newId() (server/db/ids.ts),
-- "c", the base-36 creation time in milliseconds (8), a counter (4) and randomness (12). Webhook
-- deliveries written in raw SQL before this release got 'whd_' and 32 hex digits instead; they take
-- the same form here. Only deliveries are rewritten: their ids never leave the shop's own back office
-- (a receiver is sent the event's id as webhook-id, which stays), and the one table referring to
-- them, "WebhookAttempt", follows through its ON UPDATE CASCADE key.
--
-- The new id is made from the row itself: its creation time, its place among the deliveries of the
-- same millisecond (so the ids keep their order of creation) and 60 bits of the old random part.

CREATE FUNCTION "_0021_base36"(n BIGINT, width INT) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  digits TEXT := '';
BEGIN
  FOR i IN 1..width LOOP
    digits := substr('0123456789abcdefghijklmnopqrstuvwxyz', (n % 36)::INT + 1, 1) || digits;
    n := n / 36;
  END LOOP;
  RETURN digits;
END $$;

UPDATE "WebhookDelivery" d
SET "id" = n."newId"
FROM (
  SELECT
    "id",
    'c' || "_0021_base36"("ms", 8)
        || "_0021_base36"((row_number() OVER (PARTITION BY "ms" ORDER BY "seq", "id") - 1) % 1679616, 4)
        || "_0021_base36"(('x' || lpad(right("id", 15), 16, '0'))::BIT(64)::BIGINT, 12) AS "newId"
  FROM (
    SELECT "id", "seq", floor(extract(epoch FROM "createdAt") * 1000)::BIGINT AS "ms"
    FROM "WebhookDelivery"
    WHERE "id" LIKE 'whd\_%'
  ) old
) n
WHERE d."id" = n."id";

DROP FUNCTION "_0021_base36"(BIGINT, INT);
