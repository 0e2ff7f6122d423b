import type { Request } from 'express';
import multer from 'multer';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { AppError } from '../../shared/errors';
import { displayName, storeProductImages } from '../services/catalogue/uploads.service';
import { backOffice, type PlainRoute } from './plain-route';

// Multipart uploads are not tRPC procedures, so this is a plain route (plain-route.ts); who is
// calling is decided by the same principal as every procedure, before any byte of the body is read.
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

export const uploadImagesRoutes: PlainRoute[] = [
  {
    method: 'POST',
    path: '/admin/upload/images',
    gate: backOffice,
    handle: async (deps, req, res) => {
      await new Promise<void>((resolve, reject) => upload(req, res, (err: unknown) => (err ? reject(uploadError(err, req)) : resolve())));
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      const urls = await storeProductImages(deps.storage, files);
      res.json({ urls });
    },
    openapi: {
      operationId: 'admin-products-uploadImages',
      tags: ['admin: products'],
      summary: 'Upload product images',
      description:
        'Multipart form data with one or more files in the field `files` (at most 10 MB each). Every file must decode as an image; ' +
        'each is stored as WebP at up to 1200 px (and a 400 px thumbnail beside it, same name with -400). Answers `{ urls: [...] }` with /uploads/... paths.',
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
        '413': { description: '{ detail: "<file> is too large. Maximum size is 10MB." }' },
      },
    },
  },
];
