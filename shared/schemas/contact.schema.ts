import { z } from 'zod';
import { REQUIRED_FIELDS_MESSAGE } from '../messages';

// docs/spec/storefront.md section 5: all three fields are required, with one message for any that is missing.

export const contactInput = z.object({
  name: z.string({ error: REQUIRED_FIELDS_MESSAGE }).trim().min(1, REQUIRED_FIELDS_MESSAGE).max(100, 'Name must be 100 characters or fewer'),
  email: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(254, 'Email must be 254 characters or fewer')
    .pipe(z.email('Please enter a valid email address')),
  message: z.string({ error: REQUIRED_FIELDS_MESSAGE }).trim().min(1, REQUIRED_FIELDS_MESSAGE).max(5000, 'Message must be 5000 characters or fewer'),
});
export type ContactInput = z.infer<typeof contactInput>;

export const CONTACT_CONFIRMATION = "Thanks, we've received your message and usually reply within 24 hours.";
