import { z } from 'zod';

/** The dashboard's first-run checklist (shared/domain/setup-checklist.ts). */
export const setupChecklistOutput = z.object({
  steps: z.array(
    z.object({
      id: z.enum(['shop_details', 'payments', 'shipping', 'email', 'backups']),
      title: z.string(),
      done: z.boolean(),
      detail: z.string(),
      /** The back-office page where the step is done. */
      to: z.string(),
    }),
  ),
  /** True once every step is done: the dashboard stops showing the checklist. */
  done: z.boolean(),
  /** Set while the shop charges 9% GST with no GST registration number. */
  gst_warning: z.string().nullable(),
});
