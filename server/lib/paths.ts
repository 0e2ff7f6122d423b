import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file whether it runs from source (tsx) or from dist/. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'prisma'))) return dir;
    dir = resolve(dir, '..');
  }
  return process.cwd();
}

export const projectRoot = findRoot();
export const migrationsDir = join(projectRoot, 'prisma', 'migrations');
export const clientDistDir = join(projectRoot, 'dist', 'client');
