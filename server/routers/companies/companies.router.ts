import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import {
  addMemberInput,
  addMemberOutput,
  companyDetailOutput,
  companyMemberOutput,
  companyOrderDetailOutput,
  companyOrdersInput,
  companyOrdersOutput,
  invitationsOutput,
  memberRoleInput,
  memberUserParam,
  ownInvitationParam,
  ownCompanyOutput,
} from '../../../shared/schemas/companies.schema';
import {
  companyAddressInput,
  companyAddressOutput,
  memberListOutput,
  memberListSummaryOutput,
  memberQuoteOutput,
  updateCompanyAddressInput,
} from '../../../shared/schemas/company-sharing.schema';
import { listToCartOutput } from '../../../shared/schemas/saved-list.schema';
import { statementInput, statementOutput } from '../../../shared/schemas/statement.schema';
import { idParam, okOutput } from '../../../shared/schemas/common.schema';
import { unitOfWork } from '../../db/unit-of-work';
import { getCompany } from '../../services/companies/companies-admin.service';
import * as members from '../../services/companies/company-members.service';
import * as company from '../../services/companies/company.service';
import * as sharing from '../../services/companies/company-sharing';
import * as addresses from '../../services/companies/company-addresses.service';
import { openInvitations, withdrawInvitation } from '../../services/companies/company-invitation-withdrawal';
import { companyStatement } from '../../services/statements/statement.service';
import { router } from '../../trpc/init';
import { customerProcedure } from '../../trpc/procedures';

const meta = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: `/${string}`, summary: string, description?: string): OpenApiMeta => ({
  openapi: { method, path, tags: ['company'], summary, ...(description ? { description } : {}), protect: true },
});
const STATEMENT_PERIOD =
  'from and to are Singapore calendar days (YYYY-MM-DD, both included); without them the last 90 days to today. The same as a file: statement.pdf and statement.csv beside this path (decision 0199).';
// A company's own admins must leave it with an admin (decision 0188).
const self = (userId: string) => ({ userId, keepAnAdmin: true });

/** The signed-in member's company; the company is always their own, from their session. */
export const companiesRouter = router({
  get: customerProcedure
    .meta(meta('GET', '/company', "The signed-in buyer's company and their role in it"))
    .input(z.object({}).optional())
    .output(ownCompanyOutput)
    .query(({ ctx }) => company.ownCompany(ctx.db, ctx.user.membership)),

  members: customerProcedure
    .meta(meta('GET', '/company/members', "The company's members and open invitations (company admins)"))
    .input(z.object({}).optional())
    .output(companyDetailOutput)
    .query(({ ctx }) => getCompany(ctx.db, members.requireCompanyAdmin(ctx.user.membership))),

  invite: customerProcedure
    .meta(meta('POST', '/company/members', 'Add a member by e-mail as admin or buyer: an existing account joins at once, otherwise an invitation is e-mailed (company admins)'))
    .input(addMemberInput)
    .output(addMemberOutput)
    .mutation(({ ctx, input }) => unitOfWork(ctx.db, (tx) => members.addMember(tx, members.requireCompanyAdmin(ctx.user.membership), input, self(ctx.user.id), ctx.mail))),

  setMemberRole: customerProcedure
    .meta(meta('PATCH', '/company/members/{userId}', "Change a member's role; the company keeps at least one admin (company admins)"))
    .input(memberRoleInput)
    .output(companyMemberOutput)
    .mutation(({ ctx, input }) => unitOfWork(ctx.db, (tx) => members.setMemberRole(tx, members.requireCompanyAdmin(ctx.user.membership), input.userId, input.role, self(ctx.user.id)))),

  removeMember: customerProcedure
    .meta(meta('DELETE', '/company/members/{userId}', 'Remove a member; the last admin cannot remove themselves (company admins)'))
    .input(memberUserParam)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await unitOfWork(ctx.db, (tx) => members.removeMember(tx, members.requireCompanyAdmin(ctx.user.membership), input.userId, self(ctx.user.id)));
      return { ok: true };
    }),

  invitations: customerProcedure
    .meta(meta('GET', '/company/invitations', "The company's invitations still waiting for an answer, newest first (company admins)"))
    .input(z.object({}).optional())
    .output(invitationsOutput)
    .query(({ ctx }) => openInvitations(ctx.db, members.requireCompanyAdmin(ctx.user.membership))),

  withdrawInvitation: customerProcedure
    .meta(meta('DELETE', '/company/invitations/{id}', 'Withdraw an open invitation; its link stops working at once (company admins)'))
    .input(ownInvitationParam)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await withdrawInvitation(ctx.db, members.requireCompanyAdmin(ctx.user.membership), input.id);
      return { ok: true };
    }),

  orders: customerProcedure
    .meta(meta('GET', '/company/orders', 'Every order placed for the company, newest first, with who placed it (company admins)'))
    .input(companyOrdersInput)
    .output(companyOrdersOutput)
    .query(({ ctx, input }) => company.companyOrders(ctx.db, ctx.user.membership, { page: 1, page_size: 20, ...input })),

  order: customerProcedure
    .meta(meta('GET', '/company/orders/{id}', 'One order placed for the company, as its buyer reads it, with who placed it (company admins)'))
    .input(idParam)
    .output(companyOrderDetailOutput)
    .query(({ ctx, input }) => company.companyOrder(ctx.db, ctx.user.membership, input.id)),

  lists: customerProcedure
    .meta(meta('GET', '/company/lists', "Every member's saved lists with who made them, most recently changed first (company admins)"))
    .input(z.object({}).optional())
    .output(z.array(memberListSummaryOutput))
    .query(({ ctx }) => sharing.companyLists(ctx.db, ctx.user.membership)),

  list: customerProcedure
    .meta(meta('GET', '/company/lists/{id}', "A member's saved list with today's prices and stock, and who made it (company admins)"))
    .input(idParam)
    .output(memberListOutput)
    .query(({ ctx, input }) => sharing.companyList(ctx.db, ctx.user.membership, input.id)),

  listToCart: customerProcedure
    .meta(meta('POST', '/company/lists/{id}/to-cart', "Add a member's saved list to your own cart at today's prices; the list is not changed (company admins)"))
    .input(idParam)
    .output(listToCartOutput)
    .mutation(({ ctx, input }) => sharing.companyListToCart(ctx.db, ctx.user, input.id)),

  quotes: customerProcedure
    .meta(meta('GET', '/company/quotes', "Every member's quotes with who asked for them, newest first (company admins)"))
    .input(z.object({}).optional())
    .output(z.array(memberQuoteOutput))
    .query(({ ctx }) => sharing.companyQuotes(ctx.db, ctx.user.membership)),

  quote: customerProcedure
    .meta(meta('GET', '/company/quotes/{id}', "A member's quote with its lines and totals, and who asked for it (company admins)"))
    .input(idParam)
    .output(memberQuoteOutput)
    .query(({ ctx, input }) => sharing.companyQuote(ctx.db, ctx.user.membership, input.id)),

  statement: customerProcedure
    .meta(meta('GET', '/company/statement', "The company's statement of account for a period: opening balance, lines, closing balance, ageing (company admins)", STATEMENT_PERIOD))
    .input(statementInput)
    .output(statementOutput)
    .query(({ ctx, input }) => companyStatement(ctx.db, members.requireCompanyAdmin(ctx.user.membership), input)),

  addresses: customerProcedure
    .meta(meta('GET', '/company/addresses', "The company's address book, for any member to pick at checkout"))
    .input(z.object({}).optional())
    .output(z.array(companyAddressOutput))
    .query(({ ctx }) => addresses.companyAddresses(ctx.db, ctx.user.membership)),

  addAddress: customerProcedure
    .meta(meta('POST', '/company/addresses', 'Add an address to the company\'s address book (company admins)'))
    .input(companyAddressInput)
    .output(companyAddressOutput)
    .mutation(({ ctx, input }) => addresses.addCompanyAddress(ctx.db, ctx.user.membership, input)),

  updateAddress: customerProcedure
    .meta(meta('PATCH', '/company/addresses/{id}', 'Change one of the company\'s addresses (company admins)'))
    .input(updateCompanyAddressInput)
    .output(companyAddressOutput)
    .mutation(({ ctx, input }) => addresses.updateCompanyAddress(ctx.db, ctx.user.membership, input)),

  deleteAddress: customerProcedure
    .meta(meta('DELETE', '/company/addresses/{id}', 'Delete one of the company\'s addresses (company admins)'))
    .input(idParam)
    .output(okOutput)
    .mutation(({ ctx, input }) => addresses.deleteCompanyAddress(ctx.db, ctx.user.membership, input.id)),
});
