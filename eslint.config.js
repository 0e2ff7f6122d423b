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
    // Writes go through server/db/unit-of-work.ts: it alone opens transactions and runs what must
    // follow a commit (cache drops, worker wake-ups), so no service can forget one or run one for a
    // rolled-back write. The caches' own listeners (cross-instance replay) are the exceptions.
    files: ['server/**/*.ts'],
    ignores: ['server/db/unit-of-work.ts', 'server/services/catalogue/catalog-sync.ts', 'server/services/promotions/promo-cache.ts', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^(catalogChanged|dropPromoCache|sessionsChanged|wakeOutbox|wakeWebhooks)$/]',
          message: 'After-commit effects are noted on the unit of work (noteCatalogueChanged, notePromotionsChanged, noteSessionsChanged, noteOutboxQueued, noteWebhooksQueued in server/db/unit-of-work.ts).',
        },
        {
          selector: "CallExpression[callee.property.name='$transaction']",
          message: 'Open transactions with unitOfWork (or batchWrite) from server/db/unit-of-work.ts.',
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
);
