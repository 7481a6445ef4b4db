// Lint for the whole workspace: typescript-eslint with type information, import hygiene and
// the boundaries between parts (contract imports nothing of ours; server and web never import
// each other; shared web code never imports a feature; the server's lib and db import no module,
// and its modules import no circle, nor each other's routes or tests).
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleCycles from './scripts/eslint-no-module-cycle.js';

// A feature never imports another feature (house style): one zone per feature folder.
const features = fs
  .readdirSync('web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./web/src/features/${name}`,
  from: './web/src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; move shared code to lib/, shared/queries/ or components/.',
}));

// A server module uses another's service, presenter, policy or your-data file, never its routes
// (app.ts mounts them) nor its tests: one zone per module folder.
const serverModules = fs
  .readdirSync('server/src/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverModuleZones = serverModules.map((name) => ({
  target: `./server/src/modules/${name}`,
  from: ['./server/src/modules/*/routes.ts', './server/src/modules/*/*.test.ts'],
  except: [`**/server/src/modules/${name}/**`],
  message: "A module imports another's services, presenters and policies, never its routes or tests.",
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
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
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './contract',
              from: ['./server', './web', './e2e', './bench'],
              message: 'The contract depends on nothing of ours.',
            },
            { target: './server', from: ['./web', './e2e', './bench'] },
            {
              target: './web',
              from: ['./server', './e2e', './bench'],
              message: 'The web app talks to the server only over HTTP.',
            },
            { target: './web/src/components', from: ['./web/src/features', './web/src/app'] },
            { target: './web/src/lib', from: ['./web/src/features', './web/src/app', './web/src/layouts'] },
            {
              target: './web/src/shared',
              from: ['./web/src/features', './web/src/app', './web/src/layouts'],
            },
            { target: './web/src/layouts', from: ['./web/src/features', './web/src/app'] },
            ...featureZones,
            {
              target: ['./server/src/lib', './server/src/db'],
              from: './server/src/modules',
              message: 'lib/ and db/ are below every module: move what both need into lib/.',
            },
            ...serverModuleZones,
          ],
        },
      ],
    },
  },
  {
    // No circle between the server's modules, type imports included (import-x/no-cycle, above,
    // follows files and skips `import type`).
    files: ['server/src/**/*.ts'],
    plugins: { cadence: moduleCycles },
    rules: { 'cadence/no-module-cycle': ['error', { modulesDir: 'server/src/modules' }] },
  },
  {
    // One way to open a transaction: db/transaction.ts's, which runs what waits for the commit
    // (afterCommit: live events, the outbox's delivery) once it has committed.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/transaction.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Open it with transaction(db, work) from server/src/db/transaction.ts.',
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
