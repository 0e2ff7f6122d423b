import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.tmp/**', 'dist/**', 'node_modules/**', 'data/**', '.e2e-data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Writes go through server/db/unit-of-work.ts: it alone opens transactions and announces the
    // commit, and server/after-commit.ts alone runs what must follow one (cache drops, worker
    // wake-ups), so no service can forget one or run one for a rolled-back write. The caches' own
    // listeners (cross-instance replay) are the exceptions.
    files: ['server/**/*.ts'],
    ignores: ['server/db/unit-of-work.ts', 'server/after-commit.ts', 'server/services/catalogue/catalog-sync.ts', 'server/services/promotions/promo-cache.ts', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^(catalogChanged|dropPromoCache|sessionsChanged|wakeOutbox|wakeWebhooks|webhookSubscriptionsChanged)$/]',
          message: 'After-commit effects are noted on the unit of work (noteCatalogueChanged, notePromotionsChanged, noteSessionsChanged, noteOutboxQueued, noteWebhooksQueued, ... in server/db/unit-of-work.ts) and run by server/after-commit.ts.',
        },
        {
          selector: "CallExpression[callee.property.name='$transaction']",
          message: 'Open transactions with unitOfWork (or batchWrite) from server/db/unit-of-work.ts.',
        },
      ],
    },
  },
  {
    // Toasts go through src/lib/toast.ts, which loads react-hot-toast on first use or when the browser
    // is idle, so that no storefront page carries it in its first load (decision 0147).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/toast.ts', 'src/components/ui/ToastList.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react-hot-toast', message: "Import { toast } from src/lib/toast.ts (it loads react-hot-toast lazily)." }] }],
    },
  },
  {
    // The router's names come from src/lib/router.tsx (decision 0152): there the location is React
    // state, so navigations are transitions; wouter's own useSearch/useSearchParams would decode the
    // query twice. The typescript-eslint rule, so that it and the toast rule above both apply. A page
    // takes its own metadata module, not all of them (decision 0155).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/router.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(wouter|regexparam)(/|$)', message: 'Import the router from src/lib/router.tsx (decision 0152).' },
            // Every page's metadata in one chunk was 1.5 KB of each public page's first load (decision 0155).
            { regex: 'shared/seo/page-meta$', message: "Import the page's own metadata module (shared/seo/*-meta.ts, breadcrumbs.ts), not page-meta (decision 0155)." },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Raw SQL lives in *.sql.ts files next to the service that runs it, with its rows checked by zod
    // (docs/decisions/0140-raw-sql-in-sql-files.md); the database layer, scripts and tests may run it
    // anywhere. no-restricted-properties rather than no-restricted-syntax, so that this rule and any
    // other syntax restriction on the same files both apply (flat config keeps only the last options
    // of one rule).
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.sql.ts', 'server/db/**', 'scripts/**', 'tests/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['$queryRaw', '$executeRaw', '$queryRawUnsafe', '$executeRawUnsafe'].map((property) => ({
          property,
          message: 'Raw SQL goes in a *.sql.ts file (a named function whose rows a zod schema checks); see docs/decisions/0140-raw-sql-in-sql-files.md.',
        })),
      ],
    },
  },
);
