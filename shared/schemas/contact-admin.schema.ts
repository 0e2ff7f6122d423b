import { z } from 'zod';

export const contactListInput = z.object({ unread_only: z.enum(['true', 'false']).optional() }).optional();

export const contactMessageRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});

export const contactList = z.object({ items: z.array(contactMessageRow), unread: z.number().int() });

export const markContactInput = z.object({ id: z.string().trim().min(1).max(64), is_read: z.boolean() });
