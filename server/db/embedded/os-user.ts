import { readFileSync } from 'node:fs';

export interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root. When the shop runs as root (a container, a CI machine), the
 * embedded server runs as this existing system user instead; null when the shop is not root.
 */
export function databaseOsUser(name: string): OsUser | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  let passwd = '';
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    // no passwd file: fall through to the message below
  }
  for (const line of passwd.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid && gid) return { name, uid: Number(uid), gid: Number(gid) };
  }
  throw new Error(
    `The shop runs as root, and PostgreSQL will not. The embedded database runs as the system user "${name}" (EMBEDDED_DB_USER), which does not exist. ` +
      `Create it (useradd --system ${name}), set EMBEDDED_DB_USER to an existing user, run the shop as a normal user, or set DATABASE_URL.`,
  );
}
