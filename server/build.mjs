// Bundles the server and the contract it imports into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The contract is TypeScript source in the workspace: bundle it rather than import it.
  alias: { '@cadence/contract': '../contract/src/index.ts' },
  logLevel: 'warning',
});
