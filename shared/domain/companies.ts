// Company rules both sides use (decision 0188).

/** The payment terms a company may have, in days: 0 is pay up front. */
export const PAYMENT_TERMS_DAYS = [0, 7, 14, 30, 60] as const;

/** How long an invitation link works. */
export const INVITATION_DAYS = 14;

/**
 * Whether taking `userId` out of the admins (removing them, or making them a buyer) would leave a
 * company that still has members without an admin.
 */
export function leavesNoAdmin(members: readonly { userId: string; role: 'admin' | 'buyer' }[], userId: string): boolean {
  const rest = members.filter((m) => m.userId !== userId);
  return rest.length > 0 && !rest.some((m) => m.role === 'admin');
}
