-- Orders are numbered after their own transaction commits (decision 0139): an order waiting for its
-- invoice number is marked, and the numbering step finds the marked ones through this small index.
ALTER TABLE "Order" ADD COLUMN "invoiceDue" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Order_invoiceDue_idx" ON "Order"("createdAt", "id") WHERE "invoiceDue";
