-- AlterTable
ALTER TABLE "Variant" ADD COLUMN     "orderMaximum" INTEGER,
ADD COLUMN     "orderMinimum" INTEGER,
ADD COLUMN     "orderMultiple" INTEGER;

