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
  },
});
