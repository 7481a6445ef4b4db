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
import type { DatabaseHandle } from '../server/src/db';
import { buildBoard, call, type Client, signUp } from './board-fixtures';
import { cores, enginesFor, percentile, printTable, startOnEngine } from './harness';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const clients = 50;
const movesEach = 40;
const lists = 4;
const itemsPerList = 25;
/** Moves per client before the figures are taken (not counted). */
const warmUpMoves = 10;

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
async function storedRows(database: DatabaseHandle, boardIds: string[]): Promise<PositionRow[]> {
  return database.db
    .selectFrom('board_items')
    .select(['id', 'list_id', 'position'])
    .where('board_id', 'in', boardIds.map(Number))
    .execute();
}

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

for (const engine of enginesFor(postgresUrl)) {
  const { server, database, stop } = await startOnEngine(engine, 'cadence_bench_moves', postgresUrl);
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
          database,
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
    await stop();
  }
}

printTable(
  `Concurrent moves: ${clients} clients × ${movesEach} moves on boards of ${lists} × ${itemsPerList} cards, after ${clients * warmUpMoves} moves to warm the server, ${cores} cores shared by the clients and the server`,
  table,
);
if (broken) {
  console.error('A board lost its order under concurrent moves.');
  process.exitCode = 1;
}
