-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "secret" JSONB;


-- Reset links queued before this release sit readable in the outbox (issue 25): every one still
-- open is ended, its link is blanked out of the stored bodies, and one not yet delivered is not
-- sent with a dead link. The customer asks for a new link, which is issued only at delivery.
UPDATE "PasswordResetToken" SET "usedAt" = NOW() WHERE "usedAt" IS NULL;

UPDATE "OutboxMessage"
SET "html" = regexp_replace("html", 'token=[A-Za-z0-9_-]+', 'token=[reset link hidden]', 'g'),
    "text" = regexp_replace("text", 'token=[A-Za-z0-9_-]+', 'token=[reset link hidden]', 'g')
WHERE "template" = 'password_reset';

UPDATE "OutboxMessage"
SET "status" = 'failed'::"OutboxStatus", "lockedUntil" = NULL,
    "lastError" = 'Withdrawn at the upgrade that stopped keeping reset links in the outbox; the customer can ask for a new link.'
WHERE "template" = 'password_reset' AND "status" IN ('pending'::"OutboxStatus", 'sending'::"OutboxStatus");
