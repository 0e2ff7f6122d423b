import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { newPgClient } from '../db/pg-client';
import { projectRoot } from '../lib/paths';
import { hashImageList, packArchive, scanImages } from './archive';
import { dumpDatabase, HashingWriter } from './dump';
import { BACKUP_FORMAT, PARTIAL_SUFFIX, type BackupManifest, type BackupResult, type CreateBackupOptions } from './types';

function appName(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { name?: string; version?: string };
    return `${pkg.name ?? 'packshop'} ${pkg.version ?? ''}`.trim();
  } catch {
    return 'packshop';
  }
}

async function fsyncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a backup of the database (and the disk image store) to opts.outFile. Everything is
 * written under temporary names ending in PARTIAL_SUFFIX beside it and renamed when complete, so
 * a listing never shows half a file. The file is readable by its owner only (it holds password
 * and key hashes).
 */
export async function createBackup(opts: CreateBackupOptions): Promise<BackupResult> {
  const outFile = resolve(opts.outFile);
  await mkdir(dirname(outFile), { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const dumpTmp = `${outFile}.${tag}.sql${PARTIAL_SUFFIX}`;
  const archiveTmp = `${outFile}.${tag}${PARTIAL_SUFFIX}`;
  try {
    const client = newPgClient({ connectionString: opts.database.url });
    await client.connect();
    const dumpStream = createWriteStream(dumpTmp, { mode: 0o600 });
    let dumped;
    let sha256: string;
    const writer = new HashingWriter(dumpStream);
    try {
      dumped = await dumpDatabase(client, writer, opts.onSnapshot);
      sha256 = await writer.end();
    } finally {
      dumpStream.destroy();
      await client.end().catch(() => undefined);
    }
    // Listed after the snapshot: every image a backed-up row names is already on disk.
    const images = opts.uploadsDir ? await scanImages(opts.uploadsDir) : [];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: dumped.createdAt.toISOString(),
      schemaVersion: dumped.schemaVersion,
      databaseKind: opts.database.kind,
      rowCounts: dumped.rowCounts,
      images: { count: images.length, bytes: images.reduce((sum, i) => sum + i.size, 0), sha256: hashImageList(images) },
      sha256,
      dumpBytes: writer.bytes,
      app: appName(),
    };
    const archive = packArchive(manifest, dumpTmp, opts.uploadsDir, images);
    await Promise.all([pipeline(archive.stream, createGzip({ level: 6 }), createWriteStream(archiveTmp, { mode: 0o600 })), archive.filled]);
    await fsyncFile(archiveTmp);
    await rename(archiveTmp, outFile);
    return { file: outFile, bytes: (await stat(outFile)).size, manifest };
  } finally {
    await rm(dumpTmp, { force: true });
    await rm(archiveTmp, { force: true });
  }
}
