import { createHash, randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '@prisma/client';
import { z } from 'zod';
import { esc } from '../mail/render';

// Decision (docs/decisions/0001-one-time-links-issued-at-delivery.md): an e-mail that carries a
// one-time secret (a password reset link today; verification or invitation links later) is queued
// with a placeholder where the link goes. The sender issues the secret when it hands the message
// to SMTP and only its hash is written, so the outbox table, the back office, the REST API and any
// copy of the database never hold a link that works. Every delivery (a retry, a resend) issues a
// fresh secret, which ends the one issued before.

/** Stands where the link goes in the queued HTML and text; unchanged by HTML escaping. */
export const ONE_TIME_LINK = '{{one-time-link}}';

/** What the back office and REST show instead of the link: a reset link, or an invitation's (decision 0195). */
export const HIDDEN_LINK = '[reset link hidden]';
export const HIDDEN_INVITATION_LINK = '[invitation link hidden]';

/** Stored in OutboxMessage.secret: what to issue at delivery and where the link points. */
const oneTimeSecret = z.object({
  /** password_reset: a PasswordResetToken row; company_invitation: a CompanyInvitation row (decision 0188). */
  kind: z.enum(['password_reset', 'company_invitation']),
  /** The row whose hash the issued secret replaces. */
  ref: z.string().min(1).max(64),
  /** The link up to the secret, e.g. https://shop.example/reset-password?token= */
  url: z.string().min(1).max(2000),
});
export type OneTimeSecret = z.infer<typeof oneTimeSecret>;

/** Only this hash is stored: a copy of the database cannot be used to reset anyone's password. */
export const hashSecret = (token: string) => createHash('sha256').update(token).digest('hex');

/** A value nobody knows, to hold a token row's place until the sender issues the real secret. */
export const unissuedSecretHash = () => hashSecret(`unissued:${randomBytes(32).toString('base64url')}`);

/** The secret can no longer be issued (used or expired): the message is not worth sending. */
export class SecretGoneError extends Error {}

const GONE = 'The reset link was used or expired before this e-mail was sent; the customer can ask for a new one from the sign-in page.';

const GONE_INVITATION = 'The invitation was accepted, withdrawn or expired before this e-mail was sent; the company can invite again.';

type Db = PrismaClient | Prisma.TransactionClient;

const openInvitation = (id: string) => ({ id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } });

/**
 * Issues a fresh secret for a queued message and answers the link. The previous secret of the same
 * row stops working at once (its hash is replaced). Throws SecretGoneError when the row is used or
 * expired, so a dead link is never mailed.
 */
export async function issueOneTimeLink(db: Db, stored: unknown): Promise<string> {
  const secret = oneTimeSecret.parse(stored);
  const token = randomBytes(32).toString('base64url');
  const data = { tokenHash: hashSecret(token) };
  const { count } =
    secret.kind === 'company_invitation'
      ? await db.companyInvitation.updateMany({ where: { ...openInvitation(secret.ref) }, data })
      : await db.passwordResetToken.updateMany({ where: { id: secret.ref, usedAt: null, expiresAt: { gt: new Date() } }, data });
  if (!count) throw new SecretGoneError(secret.kind === 'company_invitation' ? GONE_INVITATION : GONE);
  return secret.url + token;
}

/** Whether the message's secret could still be issued (a resend is refused otherwise). */
export async function canIssue(db: Db, stored: unknown): Promise<boolean> {
  const parsed = oneTimeSecret.safeParse(stored);
  if (!parsed.success) return false;
  const n =
    parsed.data.kind === 'company_invitation'
      ? await db.companyInvitation.count({ where: openInvitation(parsed.data.ref) })
      : await db.passwordResetToken.count({ where: { id: parsed.data.ref, usedAt: null, expiresAt: { gt: new Date() } } });
  return n > 0;
}

const replaceLink = (body: string, value: string) => body.split(ONE_TIME_LINK).join(value);

/** The bodies with the link filled in (delivery) or hidden (back office, REST). */
export const fillLink = (m: { html: string; text: string }, link: string) => ({ html: replaceLink(m.html, esc(link)), text: replaceLink(m.text, link) });
export const hideLink = (m: { html: string; text: string; secret?: unknown }) => {
  const kind = oneTimeSecret.safeParse(m.secret).data?.kind;
  return fillLink(m, kind === 'company_invitation' ? HIDDEN_INVITATION_LINK : HIDDEN_LINK);
};
