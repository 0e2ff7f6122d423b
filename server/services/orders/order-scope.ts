// Whose orders a document may be read from: the buyer's own (userId), any order placed for the
// caller's company (companyId, its admins; decision 0195), or any order (the back office, null).
// Another order answers like an unknown id.
export type OrderScope = { userId: string } | { companyId: string } | null;

export const orderScopeWhere = (scope: OrderScope): { userId?: string; companyId?: string } => scope ?? {};
