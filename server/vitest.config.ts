import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.timed.ts';

// In server/ alone: every file. From the root (npm test, npm run test:pg), the timed files run
// after the others (../vitest.config.ts).
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], ...serverTestOptions },
});
