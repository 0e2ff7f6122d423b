import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { backupIdInput } from '../../shared/schemas/backups.schema';
import { backOffice, type PlainRoute } from './plain-route';

// A backup file is a download, not JSON, so it is a plain route behind the back office's one gate.
// The id comes from the listing and is looked up among the files of the backup directory: it is
// checked against the id pattern and matched, never joined into a path.

export const backupsRoutes: PlainRoute[] = [
  {
    method: 'GET',
    path: '/admin/backups/{id}/download',
    gate: backOffice,
    handle: async (deps, req, res) => {
      const { id } = backupIdInput.parse({ id: req.params.id });
      const file = await deps.backups.open(id);
      res.set({
        'Content-Type': 'application/gzip',
        'Content-Length': String(file.bytes),
        'Content-Disposition': `attachment; filename="${file.name}"`,
        'Cache-Control': 'private, no-store',
      });
      await pipeline(createReadStream(file.path), res);
    },
    openapi: {
      operationId: 'admin-backups-download',
      tags: ['admin: backups'],
      summary: 'Download a backup file (.tar.gz: manifest.json, dump.sql, images/) by its id from GET /admin/backups',
      description: 'Restore it with `npm run db:restore -- FILE` (docs/deploy.md).',
      parameters: [{ name: 'id', in: 'path', required: true, description: 'The id from the list', schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' } }],
      responses: {
        200: { description: 'The backup file', content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } } },
        400: { description: 'Not a backup id' },
        404: { description: 'No backup with that id' },
      },
    },
  },
];
