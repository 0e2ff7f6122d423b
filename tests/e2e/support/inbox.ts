import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_MAIL_DIR } from './e2e-paths';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What the catcher received so far, oldest first. */
export function received(): ReceivedMail[] {
  if (!existsSync(E2E_MAIL_DIR)) return [];
  return readdirSync(E2E_MAIL_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(E2E_MAIL_DIR, f), 'utf8')) as ReceivedMail);
}

/** Waits for the newest e-mail with this subject in this address's inbox. */
export async function newestMail(to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = received().filter((m) => m.to.includes(to) && m.subject === subject).at(-1)), { message: `an e-mail "${subject}" to ${to}` })
    .toBeTruthy();
  return found!;
}
