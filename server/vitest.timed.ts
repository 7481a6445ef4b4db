/**
 * The server's test options, and its test files that measure time (work within a budget in ms,
 * the event loop's delay, a median under a bound): the root config runs those after the others,
 * one at a time, so that the other files' work on the same cores cannot fail them.
 */
export const serverTestOptions = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
  pool: 'forks',
} as const;

export const timedFiles = [
  'src/modules/calendar/hostile.test.ts',
  'src/modules/calendar/corpus.test.ts',
  'src/modules/dav/security.test.ts',
  'src/modules/dav/bounded.test.ts',
  'src/modules/meetings/booking-rules.test.ts',
  'src/lib/live-hub.test.ts',
  'src/modules/auth/forgot-password-timing.test.ts',
];
