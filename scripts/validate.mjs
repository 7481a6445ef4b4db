// `npm run validate`: what CI runs before the quick start and the benchmarks — lint, typecheck,
// build, the unit and HTTP suites on SQLite, the server suite on PostgreSQL, the browser tests —
// stopping at the first that fails, with each part's wall time at the end. Lint runs beside the
// type check and the build (each of them uses one core; its output is printed when it is done).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const sequence = [
  ['typecheck', 'npm run typecheck'],
  ['build', 'npm run build'],
  ['tests (contract, web, server on SQLite)', 'npm test'],
  ['server tests on PostgreSQL', 'npm run test:pg'],
  ['browser tests', 'npm run test:e2e'],
];
/** Run beside the first parts of the sequence; waited for before the tests. */
const beside = { name: 'lint', command: 'npm run lint', before: 'tests (contract, web, server on SQLite)' };

const times = [];
const report = () => {
  for (const [name, seconds] of times) console.log(`${String(Math.round(seconds)).padStart(5)} s  ${name}`);
};
let lintChild;
const fail = (name, status) => {
  lintChild?.kill();
  report();
  console.error(`validate: ${name} failed`);
  process.exit(status ?? 1);
};

const lintLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-validate-')), 'lint.log');
const lintStarted = performance.now();
const lint = new Promise((resolve) => {
  const out = fs.openSync(lintLog, 'w');
  lintChild = spawn(beside.command, { shell: true, stdio: ['ignore', out, out] });
  lintChild.on('exit', (code) => {
    lintChild = undefined;
    fs.closeSync(out);
    resolve(code);
  });
});

for (const [name, command] of sequence) {
  if (name === beside.before) {
    const status = await lint;
    console.log(`\n> ${beside.command} (run beside the type check and the build)\n`);
    process.stdout.write(fs.readFileSync(lintLog, 'utf8'));
    times.push([`${beside.name} (beside the two above)`, (performance.now() - lintStarted) / 1000]);
    if (status !== 0) fail(beside.name, status);
  }
  const started = performance.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  times.push([name, (performance.now() - started) / 1000]);
  if (result.status !== 0) fail(name, result.status);
}
report();
