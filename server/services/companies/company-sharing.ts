// Every member's saved lists and quotes, for the company's admins (decision 0195). The company is the
// caller's own, from their session; a row is the company's while the person who made it is a member
// now, so a removed member's lists and quotes leave with them, at once.
import type { PrismaClient } from '@prisma/client';
import { notFound } from '../../../shared/errors';
import { SAVED_LIST_MESSAGES } from '../../../shared/schemas/saved-list.schema';
import type { AppUser } from '../../auth/user.mapper';
import { addListToCart, listSelect, pricedListDto } from '../cart/saved-lists.service';
import { quoteSelect, toQuoteDto } from '../quotes/quote.mapper';
import { requireCompanyAdmin } from './company-members.service';

type Membership = AppUser['membership'];

const madeBySelect = { user: { select: { id: true, email: true, displayName: true, firstName: true, lastName: true } } } as const;
type Maker = { user: { id: string; email: string; displayName: string; firstName: string; lastName: string } };
const madeBy = ({ user: u }: Maker) => ({ user_id: u.id, name: u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email, email: u.email });

/** Rows made by a current member of the company. */
const ofCompany = (companyId: string) => ({ user: { membership: { companyId } } });

export async function companyLists(db: PrismaClient, membership: Membership) {
  const companyId = requireCompanyAdmin(membership);
  const rows = await db.savedList.findMany({
    where: ofCompany(companyId),
    select: { id: true, name: true, createdAt: true, updatedAt: true, _count: { select: { items: true } }, ...madeBySelect },
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    take: 500,
  });
  return rows.map((l) => ({ id: l.id, name: l.name, item_count: l._count.items, created_at: l.createdAt.toISOString(), updated_at: l.updatedAt.toISOString(), made_by: madeBy(l) }));
}

async function readCompanyList(db: PrismaClient, companyId: string, id: string) {
  const row = await db.savedList.findFirst({ where: { id, ...ofCompany(companyId) }, select: { ...listSelect, ...madeBySelect } });
  if (!row) throw notFound(SAVED_LIST_MESSAGES.notFound);
  return row;
}

export async function companyList(db: PrismaClient, membership: Membership, id: string) {
  const row = await readCompanyList(db, requireCompanyAdmin(membership), id);
  // At the admin's (the company's) prices, as the member sees it.
  return { ...(await pricedListDto(db, row, membership?.company.priceListId ?? null)), made_by: madeBy(row) };
}

/** A member's list into the admin's own cart, through the cart's rules; the list is not changed. */
export async function companyListToCart(db: PrismaClient, user: { id: string; membership: Membership }, id: string) {
  // The admin's own prices: their company's price list, from the session (price-lists imports this area, so not priceListIdOf).
  return addListToCart(db, { userId: user.id, priceListId: user.membership?.company.priceListId ?? null }, await readCompanyList(db, requireCompanyAdmin(user.membership), id));
}

export async function companyQuotes(db: PrismaClient, membership: Membership) {
  const companyId = requireCompanyAdmin(membership);
  const rows = await db.quote.findMany({ where: ofCompany(companyId), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 200, select: { ...quoteSelect, ...madeBySelect } });
  const now = new Date();
  return rows.map((q) => ({ ...toQuoteDto(q, now), made_by: madeBy(q) }));
}

export async function companyQuote(db: PrismaClient, membership: Membership, id: string) {
  const row = await db.quote.findFirst({ where: { id, ...ofCompany(requireCompanyAdmin(membership)) }, select: { ...quoteSelect, ...madeBySelect } });
  if (!row) throw notFound('Quote not found');
  return { ...toQuoteDto(row), made_by: madeBy(row) };
}
