import { z } from 'zod';
import { ROLES } from '../constants';

export const adminUserListInput = z
  .object({
    search: z.string().trim().max(100).optional(),
    role: z.enum(ROLES).optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(25),
  })
  .optional();

export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  order_count: z.number().int(),
  created_at: z.string(),
});

export const adminUserList = z.object({ items: z.array(adminUserRow), total: z.number().int(), page: z.number().int(), pages: z.number().int() });

export const changeRoleInput = z.object({
  id: z.string().trim().min(1).max(64),
  role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` }),
});
