// Bank statement lines: PayNow and bank transfers matched to orders (server/services/payments/bank-statements/).
export const bankStatementProcedures = {};
