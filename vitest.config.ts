// `npm test`: the unit and HTTP suites of contract/, web/ and server/ (the server on SQLite).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { projects: ['contract', 'web', 'server'] },
});
