// `npm run validate`: what CI runs before the quick start and the benchmarks — lint, typecheck,
// build, the unit and HTTP suites on SQLite, the server suite on PostgreSQL, the browser tests —
// one after another, stopping at the first that fails, with each part's wall time at the end.
import { spawnSync } from 'node:child_process';

const parts = [
  ['lint', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  ['build', 'npm run build'],
  ['tests (contract, web, server on SQLite)', 'npm test'],
  ['server tests on PostgreSQL', 'npm run test:pg'],
  ['browser tests', 'npm run test:e2e'],
];

const times = [];
const report = () => {
  for (const [name, seconds] of times) console.log(`${String(Math.round(seconds)).padStart(5)} s  ${name}`);
};
for (const [name, command] of parts) {
  const started = performance.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  times.push([name, (performance.now() - started) / 1000]);
  if (result.status !== 0) {
    report();
    console.error(`validate: ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
report();
