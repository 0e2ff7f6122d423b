// A company's own side (/company, decision 0188): its members see the company; its admins manage
// the members and see every order placed for it with who placed it. The company is always the
// caller's own (from their session's membership): no company id is ever taken from the request.
import type { PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { toDollars } from '../../../shared/domain/money';
import { notFound } from '../../../shared/errors';
import { availableCreditCents } from '../../../shared/domain/net-terms';
import { sumOwedOnInvoice } from '../orders/placement/on-account.sql';
import type { companyOrdersInput, ownCompanyOutput } from '../../../shared/schemas/companies.schema';
import type { AppUser } from '../../auth/user.mapper';
import { orderMoney, orderSelect, toOrderDto } from '../orders/order.mapper';
import { companySelect, toCompanyDto } from './company.mapper';
import { requireCompanyAdmin } from './company-members.service';

type Membership = AppUser['membership'];

/** The caller's company (any member), with what it owes on invoice and may still order on it. */
export async function ownCompany(db: PrismaClient, membership: Membership): Promise<z.infer<typeof ownCompanyOutput>> {
  if (!membership) throw notFound('You are not a member of a company');
  const [c, owed] = await Promise.all([db.company.findUnique({ where: { id: membership.companyId }, select: companySelect }), sumOwedOnInvoice(db, membership.companyId)]);
  if (!c) throw notFound('You are not a member of a company');
  const available = availableCreditCents(c.creditLimitCents, owed);
  return { ...toCompanyDto(c), role: membership.role, outstanding: toDollars(owed), available_credit: available === null ? null : toDollars(available) };
}

const placedBySelect = { userId: true, email: true, shipFullName: true, user: { select: { displayName: true, firstName: true, lastName: true } } } as const;
type PlacedByRow = { userId: string | null; email: string; shipFullName: string; user: { displayName: string | null; firstName: string; lastName: string } | null };
const placedBy = (o: PlacedByRow) => ({ user_id: o.userId, name: o.user ? o.user.displayName || `${o.user.firstName} ${o.user.lastName}`.trim() : o.shipFullName, email: o.email });

/**
 * One order placed for the caller's company (admins only): the buyer's own order answer and who
 * placed it. Another company's order, or one placed before the buyer joined, answers like an
 * unknown id.
 */
export async function companyOrder(db: PrismaClient, membership: Membership, id: string) {
  const companyId = requireCompanyAdmin(membership);
  const row = await db.order.findFirst({ where: { id, companyId }, select: { ...orderSelect, ...placedBySelect } });
  if (!row) throw notFound('Order not found');
  // Its credit notes are read through the company's door, as its tax invoice is.
  return { ...toOrderDto(row), ...orderMoney(row, `/api/company/orders/${row.id}/credit-notes`), placed_by: placedBy(row) };
}

/** Every order placed for the caller's company, newest first, with who placed it (admins only). */
export async function companyOrders(db: PrismaClient, membership: Membership, input: NonNullable<z.infer<typeof companyOrdersInput>>) {
  const companyId = requireCompanyAdmin(membership);
  const where = { companyId };
  const [rows, total] = await Promise.all([
    db.order.findMany({
      where,
      select: { id: true, orderNumber: true, status: true, totalCents: true, createdAt: true, ...placedBySelect },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.page_size,
      take: input.page_size,
    }),
    db.order.count({ where }),
  ]);
  return {
    items: rows.map((o) => ({
      id: o.id,
      order_number: o.orderNumber,
      status: o.status,
      total: toDollars(o.totalCents),
      created_at: o.createdAt.toISOString(),
      placed_by: placedBy(o),
    })),
    total,
    page: input.page,
    pages: Math.max(1, Math.ceil(total / input.page_size)),
  };
}
