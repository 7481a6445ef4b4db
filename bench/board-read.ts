/**
 * Board read: a board of 20 lists × 50 items × 2 to-dos, `GET /api/projects?id=` against the built
 * server, and in the same run a bare Fastify route returning the same JSON from memory, each in a
 * process of its own, autocannon at 50 connections. Prints req/s, p99 and their ratio, on SQLite
 * and, when DATABASE_URL or BENCH_DATABASE_URL is set, on PostgreSQL. Goal on SQLite: ratio ≥ 0.5, p99 < 30 ms.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer } from '@cadence/e2e/server';
import autocannon from 'autocannon';
import { buildBoard, signUp } from './board-fixtures';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${url}: failed requests`);
  return { reqPerSec: Math.round(result.requests.average), p99: result.latency.p99, p50: result.latency.p50 };
}

async function startBare(json: string): Promise<{ url: string; stop: () => void }> {
  const file = path.join(os.tmpdir(), `cadence-board-${process.pid}.json`);
  fs.writeFileSync(file, json);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'bare-server.mjs'), file, String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/board`, stop: () => child.kill() };
}

async function run(engine: 'SQLite' | 'PostgreSQL') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...(engine === 'PostgreSQL' && postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
  });
  try {
    const client = await signUp(server.url);
    const { boardId } = await buildBoard(client, 20, 50, 2);
    const boardUrl = `${server.url}/api/projects?id=${boardId}`;
    const response = await fetch(boardUrl, { headers: { authorization: `Bearer ${client.token}` } });
    const json = await response.text();
    const bare = await startBare(json);
    try {
      const app = await measure(boardUrl, { authorization: `Bearer ${client.token}` });
      const baseline = await measure(bare.url);
      return {
        engine,
        'board KB': Math.round(json.length / 1024),
        'app req/s': app.reqPerSec,
        'app p50 ms': app.p50,
        'app p99 ms': app.p99,
        'bare req/s': baseline.reqPerSec,
        'bare p99 ms': baseline.p99,
        ratio: Number((app.reqPerSec / baseline.reqPerSec).toFixed(2)),
      };
    } finally {
      bare.stop();
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [await run('SQLite')];
if (postgresUrl) rows.push(await run('PostgreSQL'));
console.log(
  `\nBoard read: 20 lists × 50 items × 2 to-dos, 50 connections, ${seconds} s each, ${os.cpus().length} cores`,
);
console.table(rows);
const sqlite = rows[0]!;
console.log(`Goal on SQLite: ratio ≥ 0.5 (${sqlite.ratio}), p99 < 30 ms (${sqlite['app p99 ms']} ms)`);
if (sqlite.ratio < 0.5) {
  console.error('The board read is below half of the bare route.');
  process.exitCode = 1;
}
