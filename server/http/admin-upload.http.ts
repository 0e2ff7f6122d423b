import type { Request, Response } from 'express';
import multer from 'multer';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { AppError, APP_ERROR_STATUS } from '../../shared/errors';
import type { AppDeps } from '../deps';
import { registerHttpRoutes } from '../http-routes';
import { logServerError } from '../lib/log';
import { documentRestPaths } from '../rest/extra-paths';
import { displayName, storeProductImages } from '../services/admin/uploads.service';

// Multipart uploads are not tRPC procedures, so this route checks the session and role itself,
// before reading any bytes: anonymous 401, customer 403, staff and admin through.
export const UPLOAD_PATH = '/api/admin/upload/images';
const MAX_FILES = 20;

type UploadRequest = Request & { currentFileName?: string };

async function staffOnly(deps: AppDeps, req: Request): Promise<{ status: number; detail: string } | null> {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) return { status: 401, detail: 'Please sign in to continue.' };
  const { user } = await deps.lucia.validateSession(token);
  if (!user) return { status: 401, detail: 'Your session has expired. Please sign in again.' };
  if (user.role !== 'staff' && user.role !== 'admin') return { status: 403, detail: 'Staff access is required.' };
  return null;
}

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES },
  // Remember which file is streaming, so that a size error can name it.
  fileFilter: (req, file, cb) => {
    (req as UploadRequest).currentFileName = file.originalname;
    cb(null, true);
  },
}).array('files', MAX_FILES);

function multerDetail(err: multer.MulterError, req: UploadRequest): { status: number; detail: string } {
  const name = displayName(req.currentFileName ?? 'File');
  if (err.code === 'LIMIT_FILE_SIZE') return { status: 413, detail: `${name} is too large. Maximum size is 10MB.` };
  if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') {
    return { status: 400, detail: `Please upload at most ${MAX_FILES} images at once, in the field "files"` };
  }
  return { status: 400, detail: err.message };
}

registerHttpRoutes((app, deps) => {
  app.post(UPLOAD_PATH, async (req: Request, res: Response) => {
    try {
      const denied = await staffOnly(deps, req);
      if (denied) return void res.status(denied.status).json({ detail: denied.detail });
      await new Promise<void>((resolve, reject) => upload(req, res, (err: unknown) => (err ? reject(err) : resolve())));
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      const urls = await storeProductImages(deps.storage, files);
      res.json({ urls });
    } catch (err) {
      if (err instanceof multer.MulterError) {
        const { status, detail } = multerDetail(err, req as UploadRequest);
        return void res.status(status).json({ detail });
      }
      if (err instanceof AppError) return void res.status(APP_ERROR_STATUS[err.code]).json({ detail: err.message });
      const e = err as { status?: number; message?: string };
      if (e.status && e.status < 500) return void res.status(e.status).json({ detail: e.message ?? 'Bad request' });
      logServerError('upload', err);
      res.status(500).json({ detail: 'Something went wrong on our side. Please try again.' });
    }
  });
});

documentRestPaths(() => ({
  '/admin/upload/images': {
    post: {
      tags: ['admin: products'],
      summary: 'Upload product images (staff)',
      description:
        'Multipart form data with one or more files in the field `files` (at most 10 MB each). Every file must decode as an image; ' +
        'each is stored as WebP at up to 1200 px (and a 400 px thumbnail beside it, same name with -400). Answers `{ urls: [...] }` with /uploads/... paths.',
      security: [{ Authorization: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } }, required: ['files'] },
          },
        },
      },
      responses: {
        '200': {
          description: 'Stored image URLs',
          content: { 'application/json': { schema: { type: 'object', properties: { urls: { type: 'array', items: { type: 'string' } } }, required: ['urls'] } } },
        },
        '400': { description: '{ detail: "<file> is not a valid image file" }' },
        '401': { description: 'Not signed in' },
        '403': { description: 'Not staff' },
        '413': { description: '{ detail: "<file> is too large. Maximum size is 10MB." }' },
      },
    },
  },
}));
