/**
 * GET /api/health and POST /api/jwt/login against the built server (npm run build first), on a
 * fresh SQLite data directory, or on PostgreSQL with BENCH_DATABASE_URL. Prints req/s and latency.
 * The login figure is bound by argon2id verification (~15 ms of CPU each) by design.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '@cadence/e2e/server';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;

const server = await startServer({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ duration: seconds, ...options });
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    title,
    connections: options.connections ?? 10,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    failures,
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
  console.log(
    `\nCadence API, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${seconds} s per row, ${os.cpus().length} cores`,
  );
  console.table(rows);
  if (rows.some((row) => row.failures > 0 || row.requests === 0)) {
    console.error('Some requests failed: the figures above are not valid.');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
