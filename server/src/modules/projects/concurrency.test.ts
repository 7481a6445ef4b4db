/**
 * Moves that run at the same time (D16): no item is lost, duplicated or misplaced, and no two items
 * of a list share a position, so the order is strict. The requests alternate between two instances
 * of the app on one database, as behind a load balancer: each instance queues its own board writes
 * (lib/keyed-queue.ts), so only the database's board lock keeps the two apart. On PostgreSQL they
 * really run in parallel, and the second test shows the lock is what holds: the same moves through
 * eight instances whose engine takes no lock, each query answered 10 ms late so that the crowd's
 * transactions surely overlap, give two items one position. SQLite runs one write transaction at a
 * time, so there the order holds even without the lock.
 */
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBoard, buildUser, call, readBoard } from '../../test/factories';
import { anotherInstance, type TestApp, usePostgres, useTestApp } from '../../test/harness';

const t = useTestApp();
let second: FastifyInstance;
/** Eight more instances on the same database whose engine takes no board lock: eight writers at once. */
let unlocked: FastifyInstance[] = [];
beforeAll(async () => {
  second = await anotherInstance(t);
  const noLock = {
    ...t.database,
    // SQLite needs no help: its writes never overlap.
    db: usePostgres ? t.database.db.withPlugin(late) : t.database.db,
    engine: { ...t.database.engine, forUpdate: <Q>(query: Q) => query },
  };
  unlocked = await Promise.all(Array.from({ length: 8 }, () => anotherInstance(t, { database: noLock })));
});
afterAll(async () => {
  await Promise.all([second, ...unlocked].map((app) => app.close()));
});

/** Answers every query 10 ms late: concurrent moves all read before any of them writes. */
const late: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return args.result;
  },
};

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** Random moves and swaps, then five crowds of twenty moves into one gap, alternating instances. */
async function busyBoard(instances: FastifyInstance[], randomMoves: number) {
  const user = await buildUser(t);
  const layout: Record<string, string[]> = {};
  for (let l = 0; l < 4; l += 1) {
    layout[`List ${l}`] = Array.from({ length: 10 }, (_, i) => `Item ${l}.${i}`);
  }
  const built = await buildBoard(t, user, { name: 'Busy board', layout });
  const { board } = built;
  const lists = Object.values(built.lists);
  const items = Object.values(built.items);
  let sent = 0;
  const move = (itemId: string, body: Record<string, unknown>) => {
    const instance: TestApp = { ...t, app: instances[sent++ % instances.length]! };
    return call(instance, 'PUT', `/api/projects/${board._id}/lists/items/${itemId}`, user.token, body);
  };

  const next = random(42);
  const requests = Array.from({ length: randomMoves }, (_, n) => {
    const item = items[next(items.length)]!;
    // Every fifth a swap within whatever list the item is in now: the client's view may be stale.
    return move(item._id, {
      fromList: lists[0]!._id,
      toList: lists[next(lists.length)]!._id,
      fromIndex: n % 5 === 0 ? 0 : next(10),
      toIndex: n % 5 === 0 ? next(12) : next(14),
    });
  });
  const responses = await Promise.all(requests);
  // Then, five times, twenty different items at once into one gap: each must find its own place.
  for (let round = 0; round < 5; round += 1) {
    const movers = items.slice(round * 4, round * 4 + 20);
    const target = lists[round % lists.length]!;
    responses.push(
      ...(await Promise.all(
        movers.map((item) =>
          move(item._id, { fromList: lists[0]!._id, toList: target._id, fromIndex: 0, toIndex: 1 + round }),
        ),
      )),
    );
  }
  const rows = await t.database.db
    .selectFrom('board_items')
    .select(['id', 'list_id', 'position'])
    .where('board_id', '=', Number(board._id))
    .execute();
  /** Lists where two items share a position. */
  const tied = lists.filter((list) => {
    const positions = rows.filter((r) => r.list_id === Number(list._id)).map((r) => r.position);
    return new Set(positions).size !== positions.length;
  });
  return { user, board, lists, items, responses, rows, tied };
}

it('keeps every item exactly once and every list in a strict order under parallel moves and swaps', async () => {
  const { user, board, items, responses, rows, tied } = await busyBoard([t.app, second], 120);
  expect(responses.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
  expect(rows.map((r) => String(r.id)).sort()).toEqual(items.map((i) => i._id).sort());
  expect(tied).toEqual([]);
  // The read agrees with the table.
  const read = await readBoard(t, user.token, board._id);
  expect(read.lists.flatMap((l) => l.items).length).toBe(items.length);
  for (const list of read.lists) {
    const ids = list.items.map((i) => Number(i._id));
    const expected = rows
      .filter((r) => r.list_id === Number(list._id))
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((r) => r.id);
    expect(ids).toEqual(expected);
  }
});

it(`${usePostgres ? 'loses the strict order' : 'keeps the order (SQLite writes one at a time)'} without the board lock`, async () => {
  // The crowds alone: five times twenty moves into one gap.
  const { responses, tied } = await busyBoard(unlocked, 0);
  if (usePostgres) {
    // Some moves may fail too (a renumbering meets a move in flight); the ties are the point.
    expect(tied.length).toBeGreaterThan(0);
  } else {
    expect(responses.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(tied).toEqual([]);
  }
});
