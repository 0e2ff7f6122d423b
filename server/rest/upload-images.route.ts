import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { AppError } from '../../shared/errors';
import { requireBackOffice } from '../auth/back-office';
import { roleForRoute } from '../../shared/domain/permissions';
import { UPLOAD_SCOPE } from '../auth/scopes';
import type { AppDeps } from '../deps';
import { displayName, storeProductImages } from '../services/catalogue/uploads.service';
import { contextFromRequest } from '../trpc/context';
import { sendError } from './errors';

// Multipart uploads are not tRPC procedures, so this is a plain route; who is calling is decided
// by the same principal as every procedure, before any byte of the body is read.
const MAX_FILES = 20;

type UploadRequest = Request & { currentFileName?: string };

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES },
  // Remember which file is streaming, so that a size error can name it.
  fileFilter: (req, file, cb) => {
    (req as UploadRequest).currentFileName = file.originalname;
    cb(null, true);
  },
}).array('files', MAX_FILES);

/** multer's errors, told in the shop's words and naming the file. */
function uploadError(err: unknown, req: UploadRequest): unknown {
  if (!(err instanceof multer.MulterError)) return err;
  if (err.code === 'LIMIT_FILE_SIZE') {
    return new AppError('PAYLOAD_TOO_LARGE', `${displayName(req.currentFileName ?? 'File')} is too large. Maximum size is 10MB.`);
  }
  if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') {
    return new AppError('BAD_REQUEST', `Please upload at most ${MAX_FILES} images at once, in the field "files"`);
  }
  return new AppError('BAD_REQUEST', err.message);
}

export function uploadImagesRoute(deps: AppDeps): Router {
  const r = Router();
  const role = roleForRoute('POST /admin/upload/images');
  r.post('/admin/upload/images', async (req: Request, res: Response) => {
    try {
      const ctx = contextFromRequest(deps, req);
      await requireBackOffice(ctx, { role, scope: UPLOAD_SCOPE });
      await new Promise<void>((resolve, reject) => upload(req, res, (err: unknown) => (err ? reject(uploadError(err, req)) : resolve())));
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      const urls = await storeProductImages(deps.storage, files);
      res.json({ urls });
    } catch (err) {
      sendError(res, err, 'upload');
    }
  });
  return r;
}

/** Hand-written OpenAPI entry, since this route is not a procedure. */
export const uploadImagesPaths: NonNullable<OpenAPIObject['paths']> = {
  '/admin/upload/images': {
    post: {
      operationId: 'admin-products-uploadImages',
      tags: ['admin: products'],
      summary: 'Upload product images',
      description:
        'Multipart form data with one or more files in the field `files` (at most 10 MB each). Every file must decode as an image; ' +
        'each is stored as WebP at up to 1200 px (and a 400 px thumbnail beside it, same name with -400). Answers `{ urls: [...] }` with /uploads/... paths.',
      security: [{ Authorization: [] }, { ApiKey: [UPLOAD_SCOPE] }],
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
};
