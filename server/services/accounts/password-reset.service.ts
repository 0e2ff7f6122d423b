import type { z } from 'zod';
import { AppError, badRequest } from '../../../shared/errors';
import { FORGOT_PASSWORD_ANSWER, type changePasswordInput, type resetPasswordInput } from '../../../shared/schemas/user.schema';
import { verifyPassword } from '../../auth/password';
import { consume } from '../../auth/rate-limit';
import { newPasswordHash, setNewPassword, writeNewPassword } from '../../auth/set-password';
import type { AppDeps } from '../../deps';
import { unitOfWork } from '../../db/unit-of-work';
import { hashSecret, unissuedSecretHash } from '../../outbox/secrets';
import { announce } from '../../outbox/business-events';
import { toUserDto, userSelect } from '../../auth/user.mapper';
import { newId } from '../../db/ids';

const RESET_MINUTES = 30;

/**
 * Queues a reset e-mail when the e-mail has an account. The answer is the same either way, and
 * requests are limited per client address and per e-mail. The link itself does not exist yet: the
 * outbox sender issues it when it delivers the message (server/outbox/secrets.ts), so no one who
 * can read the outbox, in the back office or in a copy of the database, can use it.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, ip: string) {
  const tooMany = 'Too many password reset requests.';
  await consume(deps.limiters.resetByIp, ip, tooMany);
  await consume(deps.limiters.resetByEmail, email, tooMany);
  const user = await deps.db.user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true } });
  if (user) {
    await unitOfWork(deps.db, async (tx) => {
      const row = await tx.passwordResetToken.create({
        data: { id: newId(), userId: user.id, tokenHash: unissuedSecretHash(), expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000) },
        select: { id: true },
      });
      await announce('passwordResetRequested', tx, deps.mail, user, { tokenId: row.id, minutes: RESET_MINUTES });
    });
  }
  return { message: FORGOT_PASSWORD_ANSWER };
}

/**
 * Sets the new password from a reset link, signs out every session of the user and signs this
 * browser in. The link works once: it is claimed with a conditional update, in the same unit of
 * work as the new password, so a refused password or a failure leaves the link usable and a
 * claimed link always comes with the password changed.
 */
export async function resetPassword(deps: AppDeps, input: z.infer<typeof resetPasswordInput>) {
  const row = await deps.db.passwordResetToken.findUnique({
    where: { tokenHash: hashSecret(input.token) },
    select: { id: true, usedAt: true, expiresAt: true, user: { select: userSelect } },
  });
  if (!row) throw badRequest('This reset link is not valid. Please ask for a new one.');
  if (row.usedAt) throw badRequest('This reset link has already been used. Please ask for a new one.');
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest('This reset link has expired. Please ask for a new one.');
  const user = row.user;
  // Checked and hashed first: a password the policy refuses changes nothing.
  const passwordHash = await newPasswordHash(input.password, user);
  await unitOfWork(deps.db, async (tx) => {
    const { count } = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (!count) throw badRequest('This reset link has already been used. Please ask for a new one.');
    await writeNewPassword(tx, deps.mail, user, passwordHash, null);
  });
  // The owner proved the address: earlier failed guesses no longer slow their logins.
  await deps.limiters.loginFailuresByEmail.delete(user.email).catch(() => undefined);
  const session = await deps.lucia.createSession(user.id, {});
  return { access_token: session.id, token_type: 'bearer' as const, user: toUserDto(user) };
}

/** A signed-in user changes their password; their other sessions are signed out, this one stays. */
export async function changePassword(deps: AppDeps, userId: string, sessionId: string, input: z.infer<typeof changePasswordInput>) {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, firstName: true, lastName: true, passwordHash: true } });
  // Guessing the current password from a stolen session is limited like a login.
  await consume(deps.limiters.loginByEmailAndIp, `${user.email}|session:${sessionId}`, 'Too many attempts.');
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new AppError('BAD_REQUEST', 'Your current password is not correct');
  }
  await setNewPassword(deps.db, deps.mail, user, input.new_password, sessionId);
  return { ok: true, message: 'Your password has been changed. Other devices have been signed out.' };
}
