import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import express, { type Request, type Response } from 'express';
import { roleForRoute } from '../../shared/domain/permissions';
import { backupIdInput } from '../../shared/schemas/backups.schema';
import type { ApiScope } from '../../shared/schemas/api-keys.schema';
import { requireBackOffice } from '../auth/back-office';
import type { AppDeps } from '../deps';
import { contextFromRequest } from '../trpc/context';
import { sendError } from './errors';

// A backup file is a download, not JSON, so it is a plain route behind the back office's one gate.
// The id comes from the listing and is looked up among the files of the backup directory: it is
// checked against the id pattern and matched, never joined into a path.

const PATH = '/admin/backups/:id/download';
const SCOPE: ApiScope = 'backups:read';

export function backupsRoute(deps: AppDeps): express.Router {
  const router = express.Router();
  const role = roleForRoute('GET /admin/backups/{id}/download');
  router.get(PATH, async (req: Request, res: Response) => {
    try {
      await requireBackOffice(contextFromRequest(deps, req), { role, scope: SCOPE });
      const { id } = backupIdInput.parse({ id: req.params.id });
      const file = await deps.backups.open(id);
      res.set({
        'Content-Type': 'application/gzip',
        'Content-Length': String(file.bytes),
        'Content-Disposition': `attachment; filename="${file.name}"`,
        'Cache-Control': 'private, no-store',
      });
      await pipeline(createReadStream(file.path), res);
    } catch (err) {
      // The caller went away mid-file: nothing to answer or log.
      if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' && res.headersSent) return;
      sendError(res, err, `GET ${PATH}`);
    }
  });
  return router;
}

/** For the OpenAPI document. */
export const backupsPaths = {
  '/admin/backups/{id}/download': {
    get: {
      operationId: 'admin-backups-download',
      tags: ['admin: backups'],
      summary: 'Download a backup file (.tar.gz: manifest.json, dump.sql, images/) by its id from GET /admin/backups',
      description: `Restore it with \`npm run db:restore -- FILE\` (docs/deploy.md).\n\nAPI key scope: \`${SCOPE}\`.`,
      security: [{ Authorization: [] }, { ApiKey: [SCOPE] }],
      parameters: [{ name: 'id', in: 'path', required: true, description: 'The id from the list', schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' } }],
      responses: {
        200: { description: 'The backup file', content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } } },
        400: { description: 'Not a backup id' },
        401: { description: 'Not signed in, or an invalid API key' },
        403: { description: 'Not an admin, or an API key without the scope' },
        404: { description: 'No backup with that id' },
      },
    },
  },
};
