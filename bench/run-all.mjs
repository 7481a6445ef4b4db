// `npm run bench`: every benchmark in turn, each in a process of its own, stopping at the first
// that fails; each one's wall time printed at the end, so that a slow CI run says which it was.
import { spawnSync } from 'node:child_process';

const files = [
  'health-login.ts',
  'bundle-size.ts',
  'board-read.ts',
  'goals-list.ts',
  'todos-list.ts',
  'calendar-range.ts',
  'meetings-engine.ts',
  'board-moves.ts',
  'live-fanout.ts',
  'board-page.ts',
  'first-visit.ts',
  'caldav.ts',
  'booking.ts',
  'floor.ts',
  'soak.ts',
];

const times = [];
const report = () => {
  console.log('\nBenchmarks, wall time:');
  for (const [file, seconds] of times) console.log(`${String(Math.round(seconds)).padStart(5)} s  ${file}`);
};
for (const file of files) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  times.push([file, (performance.now() - started) / 1000]);
  if (result.status !== 0) {
    report();
    console.error(`bench: ${file} failed`);
    process.exit(result.status ?? 1);
  }
}
report();
