-- CreateIndex
CREATE INDEX "Product_name_idx" ON "Product"("name");

