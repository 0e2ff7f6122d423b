-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "secret" JSONB;

