import { backupsRoutes } from './backups.route';
import { companyDocumentsRoutes } from './company-documents.routes';
import { csvExportRoutes } from './csv-export.route';
import { csvImportRoutes } from './csv-import.route';
import { documentsRoutes } from './documents.routes';
import { bankStatementsRoutes } from './payments/bank-statements.route';
import { stripeWebhookRoutes } from './payments/stripe-webhook.route';
import type { PlainRoute } from './plain-route';
import { priceListsCsvRoutes } from './price-lists-csv.route';
import { reportsCsvRoutes } from './reports-csv.route';
import { statementsRoutes } from './statements.routes';
import { uploadImagesRoutes } from './upload-images.route';

/**
 * Every /api route that is not a procedure, in the order a request meets them: mounted by
 * rest/index.ts, documented by rest/openapi.ts, both through plain-route.ts.
 */
export const PLAIN_ROUTES: readonly PlainRoute[] = [
  // Stripe's signed events: read as raw bytes, ahead of every JSON parser (decision 0165).
  ...stripeWebhookRoutes,
  // Multipart image upload, PDF downloads.
  ...uploadImagesRoutes,
  ...documentsRoutes,
  ...companyDocumentsRoutes,
  // A company's statement of account, PDF and CSV (decision 0199).
  ...statementsRoutes,
  // CSV files in and out of the back office (files, not JSON).
  ...csvExportRoutes,
  ...csvImportRoutes,
  ...priceListsCsvRoutes,
  // Bank statements (multipart CSV) matched to orders (decision 0168).
  ...bankStatementsRoutes,
  // The reports as CSV (?format=csv); their JSON is the procedures', further on.
  ...reportsCsvRoutes,
  // Backup files (admin only, or an API key with backups:read).
  ...backupsRoutes,
];
