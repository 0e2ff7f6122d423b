-- CreateIndex
CREATE INDEX "Product_updatedAt_id_idx" ON "Product"("updatedAt", "id");

-- CreateIndex
CREATE INDEX "Order_updatedAt_id_idx" ON "Order"("updatedAt", "id");

