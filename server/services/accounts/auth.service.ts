import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { AppError, conflict } from '../../../shared/errors';
import type { loginInput, registerInput } from '../../../shared/schemas/user.schema';
import { hashPassword, verifyPassword } from '../../auth/password';
import { newPasswordHash } from '../../auth/set-password';
import { consume, loginDelayMs, reset, used } from '../../auth/rate-limit';
import { isUniqueViolation } from '../../db/errors';
import { mergeGuestCart } from '../cart/cart-merge';
import type { AppDeps } from '../../deps';
import { sessionRowId } from '../../auth/lucia';
import { noteSessionsChanged, oneStatement } from '../../db/unit-of-work';
import { toUserDto, userSelect } from '../../auth/user.mapper';
import { newId } from '../../db/ids';

// Hash of a random password: verifying against it costs the same time as a real account, so
// response time does not reveal which emails are registered.
let dummyHash: Promise<string> | undefined;

/** Signing in (login or registration) starts a session and brings the guest's cart along. */
async function startSession(deps: AppDeps, userId: string, guestId: string | null) {
  const session = await deps.lucia.createSession(userId, {});
  await mergeGuestCart(deps, userId, guestId);
  return session.id;
}

export async function register(deps: AppDeps, input: z.infer<typeof registerInput>, meta: { ip: string; guestId: string | null }) {
  await consume(deps.limiters.registerByIp, meta.ip, 'Too many accounts created from this address.');
  const passwordHash = await newPasswordHash(input.password, { email: input.email, firstName: input.first_name, lastName: input.last_name });
  try {
    const user = await deps.db.user.create({
      data: {
        id: newId(),
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        displayName: `${input.first_name} ${input.last_name}`.trim(),
        phone: input.phone || null,
      },
      select: userSelect,
    });
    const token = await startSession(deps, user.id, meta.guestId);
    return { access_token: token, token_type: 'bearer' as const, user: toUserDto(user) };
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict('An account with this email already exists. Please log in instead.');
    }
    throw err;
  }
}

export async function login(deps: AppDeps, input: z.infer<typeof loginInput>, meta: { ip: string; guestId: string | null }) {
  const { limiters } = deps;
  const tooMany = 'Too many login attempts.';
  // Strict limits key on the client address: an attacker elsewhere cannot lock the owner out.
  await consume(limiters.loginByIp, meta.ip, tooMany);
  const pairKey = `${input.email}|${meta.ip}`;
  await consume(limiters.loginByEmailAndIp, pairKey, tooMany);
  // Guessing one account from many addresses is slowed, never blocked: the wait comes before the
  // check, so its length says nothing about whether the password was right.
  const delay = loginDelayMs(await used(limiters.loginFailuresByEmail, input.email), limiters.loginFreeFailures);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  const user = await deps.db.user.findUnique({ where: { email: input.email }, select: { ...userSelect, passwordHash: true } });
  // A hash of a random password, so an unknown e-mail costs the same argon2 work as a wrong password.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) {
    await consume(limiters.loginFailuresByEmail, input.email, tooMany);
    throw new AppError('UNAUTHORIZED', 'Invalid email or password');
  }
  // Only this address's counter: the e-mail's failures stay, so a success by the owner does not
  // lift the delay for an attacker still guessing.
  await reset(limiters.loginByEmailAndIp, pairKey);
  const token = await startSession(deps, user.id, meta.guestId);
  return { access_token: token, token_type: 'bearer' as const, user: toUserDto(user) };
}

export async function logout(deps: AppDeps, sessionId: string) {
  await oneStatement(deps.db, async (unit) => {
    await deps.lucia.invalidateSession(sessionId);
    // Other instances hear the row id, never the token itself.
    noteSessionsChanged(unit, { sessionId: sessionRowId(sessionId) });
  });
  return { ok: true, message: 'Logged out' };
}
