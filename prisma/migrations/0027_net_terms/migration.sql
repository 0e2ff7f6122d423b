-- Net terms (issue 40 item 4, decision 0194): a member of a company with payment terms may pay on
-- invoice. The company may require a purchase-order number; the order keeps the buyer's PO number,
-- the Singapore calendar day its payment falls due, and how much of it has been paid so far (staff
-- record payments partly or wholly). Whether an invoice is unpaid, partly or wholly paid is derived
-- from "paidCents" against "totalCents" (shared/domain/net-terms.ts): no new order status, since the
-- order's status follows its fulfilment and an invoice order is processing from the start.

-- AlterTable
ALTER TABLE "Company" ADD COLUMN "poNumberRequired" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "poNumber" TEXT,
ADD COLUMN "dueDate" DATE,
ADD COLUMN "paidCents" INTEGER NOT NULL DEFAULT 0;

