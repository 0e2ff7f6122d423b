-- Invoice reminders (decision 0199): when an invoice falls due and 7 days after, once each; the pass
-- reads invoice orders by due day.

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "dueReminderSentAt" TIMESTAMP(3),
ADD COLUMN     "overdueReminderSentAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Order_paymentMethod_dueDate_idx" ON "Order"("paymentMethod", "dueDate");

