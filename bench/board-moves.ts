/**
 * Concurrent moves: 50 clients each make 40 random moves on one board (4 lists × 25 items), then
 * the board is checked: every item present exactly once, and every list's stored positions exactly
 * 0…n-1. Prints p50/p99 of the moves. SQLite by default; PostgreSQL with BENCH_DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '@cadence/e2e/server';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildBoard, call, signUp } from './board-fixtures';

const postgresUrl = process.env.BENCH_DATABASE_URL;
const clients = 50;
const movesEach = 40;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-'));
const server = await startServer({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
});
try {
  const owner = await signUp(server.url);
  const { boardId, layout } = await buildBoard(owner, 4, 25, 0);
  const itemIds = layout.flatMap((list) => list.itemIds);
  const listIds = layout.map((list) => list.listId);
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let n = 0; n < movesEach; n += 1) {
        const item = itemIds[Math.floor(Math.random() * itemIds.length)]!;
        const body = {
          fromList: listIds[0],
          toList: listIds[Math.floor(Math.random() * listIds.length)],
          fromIndex: 0,
          toIndex: Math.floor(Math.random() * 30),
        };
        const t0 = performance.now();
        await call(owner, 'PUT', `/projects/${boardId}/lists/items/${item}`, body);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;

  // The stored positions, read straight from the database.
  type PositionRow = { id: number; list_id: number; position: number };
  let rows: PositionRow[];
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    rows = (
      await client.query<PositionRow>('select id, list_id, position from board_items where board_id = $1', [
        Number(boardId),
      ])
    ).rows;
    await client.end();
  } else {
    const db = new Database(path.join(dataDir, 'cadence.sqlite'), { readonly: true });
    rows = db
      .prepare('select id, list_id, position from board_items where board_id = ?')
      .all(Number(boardId)) as typeof rows;
    db.close();
  }
  const everyItemOnce =
    rows.length === itemIds.length &&
    new Set(rows.map((r) => String(r.id))).size === itemIds.length &&
    itemIds.every((id) => rows.some((r) => String(r.id) === id));
  const strictOrder = listIds.every((listId) => {
    const positions = rows
      .filter((r) => String(r.list_id) === listId)
      .map((r) => r.position)
      .sort((a, b) => a - b);
    return positions.every((position, index) => position === index);
  });
  latencies.sort((a, b) => a - b);
  console.log(
    `\nConcurrent moves on ${postgresUrl ? 'PostgreSQL' : 'SQLite'}: ${clients} clients × ${movesEach} moves, ${os.cpus().length} cores`,
  );
  console.table([
    {
      moves: latencies.length,
      'moves/s': Math.round((latencies.length / elapsed) * 1000),
      'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
      'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
      'every item once': everyItemOnce,
      'strict order': strictOrder,
    },
  ]);
  if (!everyItemOnce || !strictOrder) {
    console.error('The board lost its order under concurrent moves.');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
