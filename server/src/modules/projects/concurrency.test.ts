/**
 * Moves that run at the same time (D16): no item is lost, duplicated or misplaced, and no two items
 * of a list share a position, so the order is strict. On PostgreSQL the requests really run in
 * parallel: without the board's lock, two moves into one gap take the same midpoint.
 */
import { expect, it } from 'vitest';
import { buildBoard, buildUser, call, readBoard } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

it('keeps every item exactly once and every list in a strict order under parallel moves and swaps', async () => {
  const user = await buildUser(t);
  const layout: Record<string, string[]> = {};
  for (let l = 0; l < 4; l += 1) {
    layout[`List ${l}`] = Array.from({ length: 10 }, (_, i) => `Item ${l}.${i}`);
  }
  const built = await buildBoard(t, user, { name: 'Busy board', layout });
  const { board } = built;
  const lists = Object.values(built.lists);
  const items = Object.values(built.items);

  const next = random(42);
  const requests = Array.from({ length: 120 }, (_, n) => {
    const item = items[next(items.length)]!;
    if (n % 5 === 0) {
      // A swap within whatever list the item is in now: the client's view may be stale.
      return call(t, 'PUT', `/api/projects/${board._id}/lists/items/${item._id}`, user.token, {
        fromList: lists[0]!._id,
        toList: lists[next(lists.length)]!._id,
        fromIndex: 0,
        toIndex: next(12),
      });
    }
    return call(t, 'PUT', `/api/projects/${board._id}/lists/items/${item._id}`, user.token, {
      fromList: lists[0]!._id,
      toList: lists[next(lists.length)]!._id,
      fromIndex: next(10),
      toIndex: next(14),
    });
  });
  const responses = await Promise.all(requests);
  expect(responses.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
  // Then, five times, twenty different items at once into one gap: each must find its own place.
  const crowd = [];
  for (let round = 0; round < 5; round += 1) {
    const movers = items.slice(round * 4, round * 4 + 20);
    const target = lists[round % lists.length]!;
    crowd.push(
      ...(await Promise.all(
        movers.map((item) =>
          call(t, 'PUT', `/api/projects/${board._id}/lists/items/${item._id}`, user.token, {
            fromList: lists[0]!._id,
            toList: target._id,
            fromIndex: 0,
            toIndex: 1 + round,
          }),
        ),
      )),
    );
  }
  expect(crowd.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);

  const rows = await t.database.db
    .selectFrom('board_items')
    .select(['id', 'list_id', 'position'])
    .where('board_id', '=', Number(board._id))
    .execute();
  expect(rows.map((r) => String(r.id)).sort()).toEqual(items.map((i) => i._id).sort());
  for (const list of lists) {
    const positions = rows.filter((r) => r.list_id === Number(list._id)).map((r) => r.position);
    expect(new Set(positions).size).toBe(positions.length);
  }
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
