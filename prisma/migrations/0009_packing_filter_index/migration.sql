-- DropIndex
DROP INDEX "Variant_color_idx";

-- CreateIndex
CREATE INDEX "Variant_color_sizeCode_idx" ON "Variant"("color", "sizeCode");

