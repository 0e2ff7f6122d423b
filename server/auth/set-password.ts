import type { Prisma, PrismaClient } from '@prisma/client';
import { noteSessionsChanged, unitOfWork } from '../db/unit-of-work';
import type { MailSettings } from '../mail/mail.service';
import { announce } from '../outbox/business-events';
import { sessionRowId } from './lucia';
import { hashPassword } from './password';
import { assertAcceptablePassword } from './password-policy';

/** What a password must not resemble: the person's own e-mail and names. */
export interface PasswordUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Checks and hashes a new password. Registration, password reset and password change all come
 * through here, so the rules for a new password live in one place.
 */
export async function newPasswordHash(password: string, user: Omit<PasswordUser, 'id'>): Promise<string> {
  assertAcceptablePassword(password, [user.email, user.firstName, user.lastName]);
  return hashPassword(password);
}

/**
 * Sets a new password for an existing user and signs out every other session (all of them when
 * keepSessionId is null). Outstanding reset links stop working and the user is told by e-mail,
 * in the same transaction.
 */
export async function setNewPassword(db: PrismaClient, mail: MailSettings, user: PasswordUser, password: string, keepSessionId: string | null): Promise<void> {
  const passwordHash = await newPasswordHash(password, user);
  await unitOfWork(db, (tx) => writeNewPassword(tx, mail, user, passwordHash, keepSessionId));
}

/**
 * setNewPassword's writes, inside the caller's unit of work, for a caller that writes more in the
 * same transaction (a password reset claims its link there). `passwordHash` from newPasswordHash,
 * computed before the transaction: hashing is slow and must not hold it open.
 */
export async function writeNewPassword(tx: Prisma.TransactionClient, mail: MailSettings, user: PasswordUser, passwordHash: string, keepSessionId: string | null): Promise<void> {
  // The signed-out sessions stop working at once here and on every other instance.
  noteSessionsChanged(tx, { userId: user.id });
  await tx.user.update({ where: { id: user.id }, data: { passwordHash }, select: { id: true } });
  await tx.session.deleteMany({ where: { userId: user.id, ...(keepSessionId ? { id: { not: sessionRowId(keepSessionId) } } : {}) } });
  await tx.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: new Date() } });
  await announce('passwordChanged', tx, mail, user);
}
