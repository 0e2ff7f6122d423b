import { z } from 'zod';
import { diskState } from '../../../shared/schemas/system.schema';
import { diskSpace } from '../../lib/disk-space';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

// The shop's own condition, for the back office's banner (decision 0162). No API key reaches it
// (no scope in server/auth/scopes.ts): it is for the people running the shop.
export const systemAdminRouter = router({
  disk: staffProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/system/disk',
        tags: ['admin: system'],
        summary: 'Free space of the disks the shop writes to, and whether writes are being refused because one is full',
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(diskState)
    .query(() => diskSpace.status()),
});
