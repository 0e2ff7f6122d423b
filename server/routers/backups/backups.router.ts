import { z } from 'zod';
import { backupList, backupRow } from '../../../shared/schemas/backups.schema';
import { router } from '../../trpc/init';
import { adminProcedure } from '../../trpc/procedures';

const tags = ['admin: backups'];

// The shop's own backups (decision 0130); the file itself is downloaded from
// GET /api/admin/backups/{id}/download (server/rest/backups.route.ts).
export const backupsAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/backups',
        tags,
        summary: 'The backups in BACKUP_DIR, newest first, with the schedule, the last attempt and any warning',
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(backupList)
    .query(({ ctx }) => ctx.backups.list()),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/backups',
        tags,
        summary: 'Take a backup now: answers when it is written and verified (409 while another is being written, or with BACKUP_DIR=off)',
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(backupRow)
    .mutation(({ ctx }) => ctx.backups.take('manual')),
});
