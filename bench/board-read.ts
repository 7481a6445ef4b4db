/**
 * Board read: a board of 20 lists × 50 items × 2 to-dos, `GET /api/projects?id=` against the built
 * server, and in the same run the real ceiling — a bare Fastify route sending the very bytes the
 * app sent, from memory (bare-server.mjs) — each in a process of its own, autocannon at 50
 * connections. Two rows: plain JSON, and `Accept-Encoding: br` (the app's brotli bytes, cached per
 * board version; the bare route sends the same brotli bytes). Prints req/s, p50, p99, the ratio and
 * the sizes, on SQLite and, when DATABASE_URL or BENCH_DATABASE_URL is set, on PostgreSQL; then
 * checks that the current ETag answers 304. Goal on SQLite: ratio ≥ 0.8; the table says whether it
 * is met. The run fails when the read is wrong (no brotli, no 304), not on a ratio: on a shared
 * 2-core machine the load generator takes half the CPU of both servers, and CI must not flake.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer } from '@cadence/e2e/server';
import autocannon from 'autocannon';
import { buildBoard, signUp } from './board-fixtures';
import { measure, rawGet, seconds } from './wire';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const GOAL_RATIO = 0.8;

async function startBare(json: Buffer, br: Buffer): Promise<{ url: string; stop: () => void }> {
  const jsonFile = path.join(os.tmpdir(), `cadence-board-${process.pid}.json`);
  const brFile = `${jsonFile}.br`;
  fs.writeFileSync(jsonFile, json);
  fs.writeFileSync(brFile, br);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'bare-server.mjs'), jsonFile, brFile, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
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
    const auth = { authorization: `Bearer ${client.token}` };
    const plain = await rawGet(boardUrl, auth);
    const br = await rawGet(boardUrl, { ...auth, 'accept-encoding': 'br' });
    if (br.headers['content-encoding'] !== 'br') throw new Error('the board read did not answer brotli');
    const etag = String(plain.headers.etag ?? '');
    const revalidated = await rawGet(boardUrl, { ...auth, 'if-none-match': etag });
    const bare = await startBare(plain.body, br.body);
    const rows = [];
    try {
      for (const [encoding, headers] of [
        ['identity', {}],
        ['br', { 'accept-encoding': 'br' }],
      ] as const) {
        // Both warmed up first (JIT, connections), so that a cold ceiling does not flatter the app.
        await autocannon({ url: boardUrl, connections: 10, amount: 500, headers: { ...auth, ...headers } });
        await autocannon({ url: bare.url, connections: 10, amount: 500, headers });
        const app = await measure({ url: boardUrl, headers: { ...auth, ...headers } });
        const baseline = await measure({ url: bare.url, headers });
        const ratio = Number((app.reqPerSec / baseline.reqPerSec).toFixed(2));
        rows.push({
          engine,
          encoding,
          'KB sent': Number(((encoding === 'br' ? br.body : plain.body).length / 1024).toFixed(1)),
          'app req/s': app.reqPerSec,
          'app p50 ms': app.p50,
          'app p99 ms': app.p99,
          'bare req/s': baseline.reqPerSec,
          'bare p99 ms': baseline.p99,
          ratio,
          [`goal ≥ ${GOAL_RATIO}`]: ratio >= GOAL_RATIO ? 'met' : 'missed',
        });
      }
    } finally {
      bare.stop();
    }
    return { rows, etag, revalidated: revalidated.status, rawKb: plain.body.length / 1024 };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = [await run('SQLite')];
if (postgresUrl) runs.push(await run('PostgreSQL'));
console.log(
  `\nBoard read: 20 lists × 50 items × 2 to-dos (${runs[0]!.rawKb.toFixed(0)} KB of JSON), 50 connections, ${seconds} s each, ${os.cpus().length} cores; bare = the same bytes from memory`,
);
console.table(runs.flatMap((r) => r.rows));
for (const r of runs) console.log(`If-None-Match ${r.etag} → ${r.revalidated} (304 expected)`);
if (runs.some((r) => r.revalidated !== 304)) {
  console.error('A board read with the current ETag did not answer 304.');
  process.exitCode = 1;
}
for (const row of runs[0]!.rows) {
  if (row.ratio < GOAL_RATIO)
    console.log(`Goal missed on SQLite (${row.encoding}): ratio ${row.ratio} < ${GOAL_RATIO}`);
}
