import multer from 'multer';
import { AppError } from '../../../shared/errors';
import { MAX_LISTED, uploadStatement } from '../../services/payments/bank-statements/bank-statements.service';
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_LINES } from '../../services/payments/bank-statements/parse';
import { backOffice, userOf, type PlainRoute } from '../plain-route';

// A bank statement upload (decision 0168): multipart, because that is what a file input and
// `curl -F file=@statement.csv` send. Who is calling is decided (plain-route.ts) before a byte of the body is read.
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 10 } }).single('file');

function uploadError(err: unknown): unknown {
  if (!(err instanceof multer.MulterError)) return err;
  if (err.code === 'LIMIT_FILE_SIZE') return new AppError('BAD_REQUEST', 'The file is larger than 10 MB; export a shorter period');
  if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') return new AppError('BAD_REQUEST', 'Upload one bank statement, in the multipart field "file"');
  return new AppError('BAD_REQUEST', err.message);
}

const entry = {
  type: 'object',
  properties: {
    line_id: { type: 'string' },
    date: { type: 'string', format: 'date' },
    amount: { type: 'number' },
    description: { type: 'string' },
    reference: { type: 'string' },
    problem: { type: 'string', enum: ['unknown_reference', 'short_payment', 'over_payment', 'several_orders', 'order_not_payable'] },
    order_id: { type: 'string', nullable: true },
    order_number: { type: 'string', nullable: true },
  },
} as const;

export const bankStatementsRoutes: PlainRoute[] = [
  {
    method: 'POST',
    path: '/admin/payments/bank-statements',
    gate: backOffice,
    handle: async (deps, req, res, caller) => {
      if (!req.is('multipart/form-data')) throw new AppError('BAD_REQUEST', 'Send the bank statement as multipart/form-data, in the field "file"');
      await new Promise<void>((resolve, reject) => upload(req, res, (err: unknown) => (err ? reject(uploadError(err)) : resolve())));
      const file = req.file;
      if (!file) throw new AppError('BAD_REQUEST', 'Upload the bank statement in the multipart field "file"');
      res.json(await uploadStatement(deps.db, deps.mail, userOf(caller).id, file.buffer));
    },
    openapi: {
      operationId: 'admin-payments-uploadBankStatement',
      tags: ['admin: payments'],
      summary: 'Upload a bank statement (CSV): PayNow and bank transfers naming an order and equal to its total mark it paid',
      description:
        'Multipart form data with the CSV export in the field `file` (at most 10 MB and ' +
        `${MAX_STATEMENT_LINES.toLocaleString('en-US')} lines). DBS/POSB (IDEAL, digibank), OCBC (Velocity) and UOB (Infinity) exports are recognised by their header row; ` +
        'any CSV with the columns `date, description, amount, reference` works too (comma or semicolon, UTF-8 with or without BOM, amounts like 1,234.50, dates DD/MM/YYYY, DD MMM YYYY or YYYY-MM-DD). ' +
        'A credit line whose reference or description carries the number of one pending order and equals its total pays it; every other credit line is kept for review ' +
        '(unknown_reference, short_payment, over_payment, several_orders, order_not_payable). Lines already uploaded (the same or an overlapping file) are counted in already_seen and change nothing. ' +
        `Debit lines are counted, not stored. matched and review list at most ${MAX_LISTED.toLocaleString('en-US')} lines each (matched_count, review_count are whole); text from the file is neutralised against spreadsheet formulas.`,
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
      },
      responses: {
        '200': {
          description: 'What the file did',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  bank: { type: 'string', enum: ['dbs', 'ocbc', 'uob', 'generic'] },
                  lines_read: { type: 'integer' },
                  matched: { type: 'array', items: entry },
                  review: { type: 'array', items: entry },
                  matched_count: { type: 'integer' },
                  review_count: { type: 'integer' },
                  already_seen: { type: 'integer' },
                  debits: { type: 'integer' },
                },
              },
            },
          },
        },
        '400': { description: '{ detail }: no file in the field "file", empty, not a CSV text file, no recognised header, a bad date or amount (naming the line), over 10 MB or over the line limit' },
      },
    },
  },
];
