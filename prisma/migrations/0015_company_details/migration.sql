-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "buyerCompany" JSONB;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "company" JSONB;

