// `npm test`: the unit and HTTP suites of contract/, web/ and server/ (the server on SQLite);
// `npm run test:pg` the server's on PostgreSQL. Two files at a time (Vitest's default on two cores
// is one); the server's files that measure time — an attacker's file answered within its budget,
// the event loop's delay, a median under a bound — run afterwards, alone, so that another file's
// work cannot make them fail (server/vitest.timed.ts). The server's other files share their
// worker's modules (isolate: false): each builds its own app on its own database, and what the
// process keeps at module level cannot serve one database from another's (decisions §13);
// importing the app again for each file was 98 s of the PostgreSQL suite's worker time.
import { defineConfig } from 'vitest/config';
import { serverTestOptions, timedFiles } from './server/vitest.timed.ts';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      'contract',
      'web',
      {
        test: {
          name: '@cadence/server',
          root: './server',
          include: ['src/**/*.test.ts'],
          exclude: timedFiles,
          ...serverTestOptions,
          isolate: false,
        },
      },
      {
        test: {
          name: '@cadence/server-timed',
          root: './server',
          include: timedFiles,
          ...serverTestOptions,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
