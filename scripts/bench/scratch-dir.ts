import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A scratch DATA_DIR for a bench run. mkdtemp makes it 0700; when the bench runs as root the
 * embedded PostgreSQL server runs as another system user, which must be able to reach its folder.
 */
export function scratchDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}
