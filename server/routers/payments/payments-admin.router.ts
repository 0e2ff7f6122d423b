import { router } from '../../trpc/init';
import { bankStatementProcedures } from './bank-statements.router';
import { refundProcedures } from './refunds.router';

/**
 * admin.payments: the money of orders in the back office (decision 0165). API keys reach it with
 * payments:read / payments:write (server/auth/scopes.ts); who else may call each procedure is in
 * shared/domain/permissions.ts.
 */
export const adminPaymentsRouter = router({
  ...refundProcedures,
  ...bankStatementProcedures,
});
