/**
 * The boundaries of .dependency-cruiser.cjs bite: a tree that breaks each rule once — a circle
 * between two server modules made of a type import, a circle between files, the contract importing
 * the server, the server the web app and back, lib/ importing a module, a module importing
 * another's routes, one web feature another, shared web code a feature or a layout — is refused by `depcruise` with each rule's name; the
 * repository itself passes (`npm run lint` runs the same command).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const config = path.join(root, '.dependency-cruiser.cjs');

const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-boundaries-'));
afterAll(() => fs.rmSync(probe, { recursive: true, force: true }));

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(probe, file)), { recursive: true });
  fs.writeFileSync(path.join(probe, file), text);
}

function cruise(cwd: string, ...folders: string[]) {
  const run = spawnSync(depcruise, [...folders, '--config', config, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const result = JSON.parse(run.stdout) as {
    summary: { error: number; violations: Array<{ rule: { name: string }; from: string; to: string }> };
  };
  return { summary: result.summary };
}

it('refuses a tree that breaks each boundary, naming the rule', { timeout: 60_000 }, () => {
  write(
    'server/src/modules/alpha/service.ts',
    "import { beta } from '../beta/service';\nexport const alpha = beta;\n",
  );
  write(
    'server/src/modules/beta/service.ts',
    "import type { Alpha } from '../alpha/types';\nexport const beta = 1 as Alpha;\n",
  );
  write('server/src/modules/alpha/types.ts', 'export type Alpha = number;\n');
  write('server/src/modules/alpha/routes.ts', 'export const routes = 1;\n');
  write(
    'server/src/modules/gamma/service.ts',
    "import { routes } from '../alpha/routes';\nexport const gamma = routes;\n",
  );
  write('server/src/lib/one.ts', "import { two } from './two';\nexport const one = () => two();\n");
  write('server/src/lib/two.ts', "import { one } from './one';\nexport const two = () => one;\n");
  write(
    'server/src/lib/three.ts',
    "import { alpha } from '../modules/alpha/service';\nexport const three = alpha;\n",
  );
  write(
    'contract/src/index.ts',
    "import { one } from '../../server/src/lib/one';\nexport const contract = one;\n",
  );
  write(
    'web/src/features/boards/page.ts',
    "import { todos } from '../todos/page';\nexport const boards = todos;\n",
  );
  write('web/src/features/todos/page.ts', 'export const todos = 1;\n');
  write(
    'web/src/lib/format.ts',
    "import { todos } from '../features/todos/page';\nexport const format = todos;\n",
  );
  write('web/src/layouts/main.ts', 'export const main = 1;\n');
  write(
    'web/src/shared/queries.ts',
    "import { main } from '../layouts/main';\nexport const queries = main;\n",
  );
  write(
    'web/src/lib/api.ts',
    "import { one } from '../../../server/src/lib/one';\nexport const api = one;\n",
  );
  write(
    'server/src/lib/four.ts',
    "import { format } from '../../../web/src/lib/format';\nexport const four = format;\n",
  );

  const { summary } = cruise(probe, 'server/src', 'web/src', 'contract/src');
  expect(summary.error).toBeGreaterThan(0);
  const broken = new Set(summary.violations.map((violation) => violation.rule.name));
  expect([...broken].sort()).toEqual(
    [
      'contract-imports-nothing-of-ours',
      'features-apart',
      'module-routes-and-tests-private',
      'no-circular',
      'no-module-cycle',
      'server-lib-below-modules',
      'server-not-web',
      'web-lower-layers',
      'web-not-server',
      'web-shared-below-features',
    ].sort(),
  );
  // The circle of files is named by its files; the modules' circle by its folders.
  expect(summary.violations).toContainEqual(
    expect.objectContaining({ rule: expect.objectContaining({ name: 'no-module-cycle' }) }),
  );
  expect(
    summary.violations.some((v) => v.rule.name === 'no-circular' && v.from === 'server/src/lib/one.ts'),
  ).toBe(true);
});

// Reads the whole repository: a few seconds, more on a busy machine.
it('finds the repository within its boundaries', { timeout: 60_000 }, () => {
  const { summary } = cruise(root, 'server/src', 'web/src', 'contract/src');
  expect(summary.violations).toEqual([]);
  expect(summary.error).toBe(0);
});
