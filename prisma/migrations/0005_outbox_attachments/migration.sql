-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "attachments" JSONB;

