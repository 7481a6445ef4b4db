import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The tests start servers of their own; one file at a time keeps ports and CPU calm.
    fileParallelism: false,
  },
});
