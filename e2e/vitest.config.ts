import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file starts servers of its own on free ports (and its own databases and Redis where it
    // stops them); two files at a time, one browser per worker, keep the two cores busy while a
    // browser or a server waits.
    fileParallelism: true,
    maxWorkers: 2,
    // A page under a loaded CI machine can take seconds to show what a person waits for: every
    // expect.poll waits up to 5 s unless it says otherwise (Vitest's default is 1 s).
    expect: { poll: { timeout: 5000 } },
  },
});
