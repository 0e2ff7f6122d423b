/**
 * Backups of the shop's data in one file (decision 0128): a gzip'd tar holding, in this order,
 *   manifest.json  what the file holds (time, schema version, row counts, checksums)
 *   dump.sql       the database as plain SQL that `psql` restores into PostgreSQL 15+
 *   images/...     the uploaded images of the disk image store (with IMAGE_STORE=db they are in the dump)
 * written by one TypeScript dumper over a `pg` connection for both databases (the embedded server
 * ships no pg_dump, and the machine's pg_dump may be older than the server).
 */
export * from './types';
export { createBackup } from './create';
export { readBackupManifest, verifyBackup } from './read';
export { inspectTarget, restoreBackup, TargetNotEmptyError, type RestoreOptions, type RestoreResult, type TargetState } from './restore';
