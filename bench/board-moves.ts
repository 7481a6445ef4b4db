/**
 * Concurrent moves (D16, decisions §27): 50 clients each make 40 random moves, first all on one
 * board (4 lists × 25 items), then each on a board of its own (50 such boards). After each run the
 * stored rows are checked: every item present exactly once and no two items of a list sharing a
 * position (a strict order). Prints moves/s, p50 and p99 against the goals: one board, SQLite
 * p99 < 100 ms and ≥ 1,500 moves/s, PostgreSQL ≥ 500 moves/s; 50 boards, p99 < 30 ms on both.
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL or DATABASE_URL is set. Each server first
 * takes 50 × 10 moves on a board of its own, not counted (a warm server). Fails on a broken order,
 * never on a goal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '@cadence/e2e/server';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildBoard, call, type Client, signUp } from './board-fixtures';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const clients = 50;
const movesEach = 40;
const lists = 4;
const itemsPerList = 25;
/** Moves per client before the figures are taken (not counted). */
const warmUpMoves = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

type Layout = Awaited<ReturnType<typeof buildBoard>>;
type PositionRow = { id: number; list_id: number; position: number };

/** `clients` loops of `movesEach` random moves, client n on boards[n % boards.length]. */
async function run(owner: Client, boards: Layout[], moves = movesEach) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, n) => {
      const { boardId, layout } = boards[n % boards.length]!;
      const itemIds = layout.flatMap((list) => list.itemIds);
      const listIds = layout.map((list) => list.listId);
      for (let m = 0; m < moves; m += 1) {
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
  latencies.sort((a, b) => a - b);
  return {
    moves: latencies.length,
    perSecond: Math.round((latencies.length / elapsed) * 1000),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
  };
}

/** The stored rows, read straight from the database. */
async function storedRows(dataDir: string, boardIds: string[]): Promise<PositionRow[]> {
  const ids = boardIds.map(Number);
  if (postgresUrlFor.current) {
    const client = new pg.Client({ connectionString: postgresUrlFor.current });
    await client.connect();
    const { rows } = await client.query<PositionRow>(
      'select id, list_id, position from board_items where board_id = any($1)',
      [ids],
    );
    await client.end();
    return rows;
  }
  const db = new Database(path.join(dataDir, 'cadence.sqlite'), { readonly: true });
  const rows = db
    .prepare(
      `select id, list_id, position from board_items where board_id in (${ids.map(() => '?').join(',')})`,
    )
    .all(...ids) as PositionRow[];
  db.close();
  return rows;
}
const postgresUrlFor: { current: string | undefined } = { current: undefined };

function check(rows: PositionRow[], boards: Layout[]) {
  const itemIds = boards.flatMap((board) => board.layout.flatMap((list) => list.itemIds));
  const everyItemOnce =
    rows.length === itemIds.length &&
    new Set(rows.map((r) => String(r.id))).size === itemIds.length &&
    itemIds.every((id) => rows.some((r) => String(r.id) === id));
  const strictOrder = boards.every((board) =>
    board.layout.every(({ listId }) => {
      const positions = rows.filter((r) => String(r.list_id) === listId).map((r) => r.position);
      return new Set(positions).size === positions.length;
    }),
  );
  return { everyItemOnce, strictOrder };
}

const goal = (met: boolean) => (met ? 'met' : 'MISSED');
const table: Record<string, string | number | boolean>[] = [];
let broken = false;

for (const engine of ['SQLite', ...(postgresUrl ? ['PostgreSQL'] : [])] as const) {
  postgresUrlFor.current = engine === 'PostgreSQL' ? postgresUrl : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...(postgresUrlFor.current ? { DATABASE_URL: postgresUrlFor.current } : {}),
  });
  try {
    const owner = await signUp(server.url);
    // A server that has been running: the JIT has compiled the move's path. The first few hundred
    // requests of a fresh process take several times longer, and would be all of the p99.
    await run(owner, [await buildBoard(owner, lists, itemsPerList, 0)], warmUpMoves);
    const one = [await buildBoard(owner, lists, itemsPerList, 0)];
    const many: Layout[] = [];
    for (let start = 0; start < clients; start += 10) {
      many.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, clients - start) }, () =>
            buildBoard(owner, lists, itemsPerList, 0),
          ),
        )),
      );
    }
    for (const [scenario, boards] of [
      ['one board', one],
      [`${clients} boards`, many],
    ] as const) {
      const figures = await run(owner, boards);
      const { everyItemOnce, strictOrder } = check(
        await storedRows(
          dataDir,
          boards.map((board) => board.boardId),
        ),
        boards,
      );
      broken ||= !everyItemOnce || !strictOrder;
      const goals =
        scenario === 'one board'
          ? engine === 'SQLite'
            ? `p99 < 100 ms: ${goal(figures.p99 < 100)}; ≥ 1,500/s: ${goal(figures.perSecond >= 1500)}`
            : `≥ 500/s: ${goal(figures.perSecond >= 500)}`
          : `p99 < 30 ms: ${goal(figures.p99 < 30)}`;
      table.push({
        engine,
        scenario,
        moves: figures.moves,
        'moves/s': figures.perSecond,
        'p50 ms': figures.p50,
        'p99 ms': figures.p99,
        'every item once': everyItemOnce,
        'strict order': strictOrder,
        goals,
      });
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\nConcurrent moves: ${clients} clients × ${movesEach} moves on boards of ${lists} × ${itemsPerList} cards, after ${clients * warmUpMoves} moves to warm the server, ${os.cpus().length} cores shared by the clients and the server`,
);
console.table(table);
if (broken) {
  console.error('A board lost its order under concurrent moves.');
  process.exitCode = 1;
}
