import { adminUserList, adminUserListInput, adminUserRow, changeRoleInput } from '../../../shared/schemas/users-admin.schema';
import * as users from '../../services/accounts/users-admin.service';
import { router } from '../../trpc/init';
import { adminProcedure } from '../../trpc/procedures';

const tags = ['admin: users'];

/** Admins only: staff run the shop, admins decide who is staff. */
export const usersAdminRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/users', tags, summary: 'Users, newest first; search by email or name', protect: true } })
    .input(adminUserListInput)
    .output(adminUserList)
    .query(({ ctx, input }) => users.listUsers(ctx.db, { page: 1, page_size: 25, ...input })),

  setRole: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/users/{id}/role', tags, summary: "Change a user's role", protect: true } })
    .input(changeRoleInput)
    .output(adminUserRow)
    .mutation(({ ctx, input }) => users.changeRole(ctx.db, ctx.user.id, input)),
});
