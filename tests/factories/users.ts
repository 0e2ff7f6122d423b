import { randomBytes } from 'node:crypto';
import type { Role } from '../../shared/constants';
import { hashPassword } from '../../server/auth/password';
import type { AppDeps } from '../../server/deps';
import { newId } from '../../server/db/ids';

let cachedHash: Promise<string> | undefined;
const FACTORY_PASSWORD = 'correct horse battery';

/** A user of the given role with a live session; returns the bearer token too. */
export async function createUser(deps: AppDeps, opts: { role?: Role; email?: string; firstName?: string } = {}) {
  cachedHash ??= hashPassword(FACTORY_PASSWORD);
  const email = (opts.email ?? `user-${randomBytes(4).toString('hex')}@example.com`).toLowerCase();
  const firstName = opts.firstName ?? 'Test';
  const user = await deps.db.user.create({
    data: {
      id: newId(),
      email,
      passwordHash: await cachedHash,
      role: opts.role ?? 'customer',
      firstName,
      lastName: 'User',
      displayName: `${firstName} User`,
    },
  });
  const session = await deps.lucia.createSession(user.id, {});
  return { user, token: session.id, email, password: FACTORY_PASSWORD };
}
