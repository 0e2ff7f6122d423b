-- The reports read a range of orders and their lines. These two indexes replace the plain ones on
-- "Order"."createdAt" and "OrderItem"."orderId" (same leading column) and carry the columns the
-- reports sum, so a range is read from the indexes alone (decision 0142).

-- DropIndex
DROP INDEX "Order_createdAt_idx";

-- DropIndex
DROP INDEX "OrderItem_orderId_idx";

-- CreateIndex
CREATE INDEX "Order_createdAt_id_status_totalCents_gstCents_discountCents_idx" ON "Order"("createdAt", "id", "status", "totalCents", "gstCents", "discountCents", "shippingCents");

-- CreateIndex
CREATE INDEX "OrderItem_orderId_variantId_productId_quantity_lineTotalCen_idx" ON "OrderItem"("orderId", "variantId", "productId", "quantity", "lineTotalCents");

