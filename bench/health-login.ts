/**
 * GET /api/health and POST /api/jwt/login against the built server (npm run build first), on a
 * fresh SQLite data directory, or with BENCH_DATABASE_URL on a fresh PostgreSQL database made on
 * that server (and dropped after); the demo accounts are made at start, for the sign-in. Prints
 * req/s and latency. The login figure is bound by argon2id verification (~15 ms of CPU each) by
 * design.
 */
import { cores, load, printTable, seconds, startOnEngine } from './harness';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL' : 'SQLite';

const { server, stop } = await startOnEngine(engine, 'cadence_bench_api', databaseUrl, { SEED_DEMO: 'true' });

async function run(title: string, options: Parameters<typeof load>[0] & { connections: number }) {
  const figures = await load(options);
  return {
    title,
    connections: options.connections,
    'req/s': figures.reqPerSec,
    'p50 ms': figures.p50,
    'p99 ms': figures.p99,
    requests: figures.requests,
    failures: figures.failures,
  };
}

try {
  const rows = [
    await run('GET /api/health', { url: `${server.url}/api/health`, connections: 50 }),
    await run('POST /api/jwt/login', {
      url: `${server.url}/api/jwt/login`,
      method: 'POST',
      connections: 10,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.cadence.app', password: 'admin-demo-2026' }),
    }),
  ];
  printTable(`Cadence API, ${engine}, ${seconds} s per row, ${cores} cores`, rows);
  if (rows.some((row) => row.failures > 0 || row.requests === 0)) {
    console.error('Some requests failed: the figures above are not valid.');
    process.exitCode = 1;
  }
} finally {
  await stop();
}
