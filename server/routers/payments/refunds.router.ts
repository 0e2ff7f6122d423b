// Payments, refunds and credit notes of an order (server/services/payments/refunds/, credit-notes/).
export const refundProcedures = {};
