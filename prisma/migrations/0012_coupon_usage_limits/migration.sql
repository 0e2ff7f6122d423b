-- AlterTable
ALTER TABLE "Coupon" ADD COLUMN     "usageLimit" INTEGER,
ADD COLUMN     "usageLimitPerCustomer" INTEGER;

