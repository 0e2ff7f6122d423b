import { createHash } from 'node:crypto';
import { DUMP_ENTRY, hashImageList, IMAGES_PREFIX, MANIFEST_ENTRY, MAX_MANIFEST_BYTES, parseManifest, readAll, readArchive, type ImageFile } from './archive';
import { scanDump } from './scan';
import { BackupDamagedError, type BackupManifest } from './types';

async function manifestOf(file: string, entry: { name: string; size: number; stream: AsyncIterable<Buffer> }): Promise<BackupManifest> {
  if (entry.name !== MANIFEST_ENTRY || entry.size > MAX_MANIFEST_BYTES) throw new BackupDamagedError(`${file} is not a PackShop backup: it does not start with ${MANIFEST_ENTRY}.`);
  return parseManifest(await readAll(entry.stream, MAX_MANIFEST_BYTES), file);
}

/** The manifest at the head of a backup file, without reading the rest (cheap enough for listings). */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  for await (const entry of readArchive(file)) return manifestOf(file, entry);
  throw new BackupDamagedError(`${file} is empty or not a backup.`);
}

/** What a full read of dump.sql found: its checksum, size and the rows of each table's block. */
interface DumpSummary {
  sha256: string;
  bytes: number;
  rowCounts: Record<string, number>;
}

async function summarizeDump(chunks: AsyncIterable<Buffer>): Promise<DumpSummary> {
  const hash = createHash('sha256');
  let bytes = 0;
  async function* hashed(): AsyncGenerator<Buffer> {
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
  }
  const rowCounts: Record<string, number> = {};
  for await (const part of scanDump(hashed())) {
    if (part.kind === 'copy-start') rowCounts[part.table] = 0;
    else if (part.kind === 'copy-data') rowCounts[Object.keys(rowCounts).at(-1)!] += part.rows;
  }
  return { sha256: hash.digest('hex'), bytes, rowCounts };
}

/** Every difference between what the manifest promises and what the file holds. */
function compareToManifest(manifest: BackupManifest, dump: DumpSummary | null, images: ImageFile[]): string[] {
  const problems: string[] = [];
  if (!dump) return ['it holds no dump.sql'];
  if (dump.bytes !== manifest.dumpBytes) problems.push(`dump.sql has ${dump.bytes} bytes, the manifest says ${manifest.dumpBytes}`);
  else if (dump.sha256 !== manifest.sha256) problems.push("dump.sql does not match the manifest's checksum");
  const tables = new Set([...Object.keys(manifest.rowCounts), ...Object.keys(dump.rowCounts)]);
  for (const table of [...tables].sort()) {
    if (manifest.rowCounts[table] !== dump.rowCounts[table]) problems.push(`table ${table} has ${dump.rowCounts[table] ?? 'no'} rows, the manifest says ${manifest.rowCounts[table] ?? 'none'}`);
  }
  const bytes = images.reduce((sum, i) => sum + i.size, 0);
  if (images.length !== manifest.images.count || bytes !== manifest.images.bytes || hashImageList(images) !== manifest.images.sha256) {
    problems.push(`the images (${images.length} files, ${bytes} bytes) do not match the manifest (${manifest.images.count} files, ${manifest.images.bytes} bytes)`);
  }
  return problems;
}

/**
 * Reads the whole file and checks it against its manifest: the dump's checksum and size, every
 * table's row count, and every image. Throws BackupDamagedError, naming what is wrong.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | null = null;
  let dump: DumpSummary | null = null;
  const images: ImageFile[] = [];
  for await (const entry of readArchive(file)) {
    if (!manifest) {
      manifest = await manifestOf(file, entry);
    } else if (entry.name === DUMP_ENTRY) {
      try {
        dump = await summarizeDump(entry.stream);
      } catch (err) {
        if (err instanceof BackupDamagedError) throw err;
        throw new BackupDamagedError(`${file} is damaged: ${(err as Error).message}.`);
      }
    } else if (entry.name.startsWith(IMAGES_PREFIX)) {
      const bytes = await readAll(entry.stream, 512 * 1024 * 1024);
      images.push({ name: entry.name.slice(IMAGES_PREFIX.length), size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
  }
  if (!manifest) throw new BackupDamagedError(`${file} is empty or not a backup.`);
  const problems = compareToManifest(manifest, dump, images);
  if (problems.length) throw new BackupDamagedError(`${file} is damaged: ${problems.join('; ')}.`);
  return manifest;
}
