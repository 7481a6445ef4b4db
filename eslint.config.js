// Lint for the whole workspace: typescript-eslint with type information and import hygiene. The
// boundaries between parts and the circles are dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', '.dependency-cruiser.cjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // One way to open a transaction: db/transaction.ts's, which runs what waits for the commit
    // (afterCommit: live events, the outbox's delivery) once it has committed; and every live
    // event through afterCommit.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/transaction.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Open it with transaction(db, work) from server/src/db/transaction.ts.',
        },
        {
          // A live event or an invalidation tells of a committed change: inside afterCommit, which
          // holds it until the commit (or runs it at once after a write outside a transaction).
          selector:
            "CallExpression[callee.object.property.name='live'][callee.property.name=/^(publish|usersChanged|closeSessions)$/]:not(CallExpression[callee.name='afterCommit'] CallExpression)",
          message: 'Publish through afterCommit(trx, () => …) from server/src/db/transaction.ts.',
        },
      ],
    },
  },
  {
    // expect.any() and friends are typed `any` by design.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Query and mutation keys come from one registry, which the live stream reads too.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/shared/queries/keys.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name=/^(queryKey|mutationKey)$/][value.type='ArrayExpression']",
          message: 'Take the key from web/src/shared/queries/keys.ts.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
