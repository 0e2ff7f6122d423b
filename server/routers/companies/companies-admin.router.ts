import type { OpenApiMeta } from 'trpc-to-openapi';
import {
  addCompanyMemberInput,
  addMemberOutput,
  companyDetailOutput,
  companyInvitationParam,
  companyListInput,
  companyListOutput,
  companyMemberOutput,
  companyMemberParam,
  companyOutput,
  createCompanyInput,
  invitationsOutput,
  setMemberRoleInput,
  updateCompanyInput,
} from '../../../shared/schemas/companies.schema';
import { idParam, okOutput } from '../../../shared/schemas/common.schema';
import { companyStatementInput, statementOutput } from '../../../shared/schemas/statement.schema';
import { companyStatement } from '../../services/statements/statement.service';
import * as companies from '../../services/companies/companies-admin.service';
import * as members from '../../services/companies/company-members.service';
import { openInvitations, withdrawInvitation } from '../../services/companies/company-invitation-withdrawal';
import { notFound } from '../../../shared/errors';
import { unitOfWork } from '../../db/unit-of-work';
import { router } from '../../trpc/init';
import { adminProcedure, staffProcedure } from '../../trpc/procedures';

const meta = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: `/${string}`, summary: string): OpenApiMeta => ({
  openapi: { method, path, tags: ['admin: companies'], summary, protect: true },
});
// The owner's staff may leave a company without an admin (they manage it); its own admins may not.
const owner = (userId: string) => ({ userId, keepAnAdmin: false });

export const companiesAdminRouter = router({
  list: staffProcedure
    .meta(meta('GET', '/admin/companies', 'Companies by name; search by name or registration number'))
    .input(companyListInput)
    .output(companyListOutput)
    .query(({ ctx, input }) => companies.listCompanies(ctx.db, { page: 1, page_size: 20, ...input })),

  create: adminProcedure
    .meta(meta('POST', '/admin/companies', 'Create a company: name, country, registration and tax numbers, billing address, payment terms (0, 7, 14, 30 or 60 days), credit limit'))
    .input(createCompanyInput)
    .output(companyOutput)
    .mutation(({ ctx, input }) => companies.createCompany(ctx.db, input)),

  get: staffProcedure
    .meta(meta('GET', '/admin/companies/{id}', 'One company with its members and open invitations'))
    .input(idParam)
    .output(companyDetailOutput)
    .query(({ ctx, input }) => companies.getCompany(ctx.db, input.id)),

  statement: staffProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/companies/{id}/statement',
        tags: ['admin: companies'],
        summary: "A company's statement of account for a period: opening balance, lines, closing balance, ageing",
        description:
          'from and to are Singapore calendar days (YYYY-MM-DD, both included); without them the last 90 days to today. The same as a file: statement.pdf and statement.csv beside this path (decision 0199).',
        protect: true,
      },
    })
    .input(companyStatementInput)
    .output(statementOutput)
    .query(({ ctx, input }) => companyStatement(ctx.db, input.id, { from: input.from, to: input.to })),

  update: adminProcedure
    .meta(meta('PATCH', '/admin/companies/{id}', "Change a company's details, payment terms or credit limit"))
    .input(updateCompanyInput)
    .output(companyDetailOutput)
    .mutation(({ ctx, input }) => companies.updateCompany(ctx.db, input)),

  addMember: adminProcedure
    .meta(meta('POST', '/admin/companies/{id}/members', 'Add a member by e-mail as admin or buyer: an existing account joins at once, otherwise an invitation is e-mailed'))
    .input(addCompanyMemberInput)
    .output(addMemberOutput)
    .mutation(({ ctx, input }) => unitOfWork(ctx.db, (tx) => members.addMember(tx, input.id, input, owner(ctx.user.id), ctx.mail))),

  setMemberRole: adminProcedure
    .meta(meta('PATCH', '/admin/companies/{id}/members/{userId}', "Change a member's role (admin or buyer)"))
    .input(setMemberRoleInput)
    .output(companyMemberOutput)
    .mutation(({ ctx, input }) => unitOfWork(ctx.db, (tx) => members.setMemberRole(tx, input.id, input.userId, input.role, owner(ctx.user.id)))),

  removeMember: adminProcedure
    .meta(meta('DELETE', '/admin/companies/{id}/members/{userId}', 'Remove a member from the company; they lose its orders at once'))
    .input(companyMemberParam)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await unitOfWork(ctx.db, (tx) => members.removeMember(tx, input.id, input.userId, owner(ctx.user.id)));
      return { ok: true };
    }),

  invitations: staffProcedure
    .meta(meta('GET', '/admin/companies/{id}/invitations', "A company's invitations still waiting for an answer, newest first"))
    .input(idParam)
    .output(invitationsOutput)
    .query(async ({ ctx, input }) => {
      if (!(await ctx.db.company.count({ where: { id: input.id } }))) throw notFound('Company not found');
      return openInvitations(ctx.db, input.id);
    }),

  withdrawInvitation: adminProcedure
    .meta(meta('DELETE', '/admin/companies/{id}/invitations/{invitationId}', 'Withdraw an open invitation; its link stops working at once'))
    .input(companyInvitationParam)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await withdrawInvitation(ctx.db, input.id, input.invitationId);
      return { ok: true };
    }),
});
