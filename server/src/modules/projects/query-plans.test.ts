/**
 * A board reads with indexed queries whatever its size: the plan of each query the board read
 * builds (compiled from the very builders it runs) names an index. On PostgreSQL sequential scans
 * are disabled for the check, since on small test tables the planner rightly prefers them; what is
 * proved is that an index serves each query.
 */
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { asRaw, expectIndexed } from '../../test/query-plans';
import { boardReadQueries } from './boards';
import { cardExtrasQueries } from './cards';
import { boardAccessQuery, visibleBoardIds } from './policy';

const t = useTestApp();

const queries = () => {
  const db = t.database.db;
  return {
    ...boardReadQueries(db, 1),
    ...Object.fromEntries(
      Object.entries(cardExtrasQueries(db, { boardId: 1 })).map(([name, query]) => [`card ${name}`, query]),
    ),
    ...Object.fromEntries(
      Object.entries(cardExtrasQueries(db, { itemIds: [1, 2] })).map(([name, query]) => [
        `item ${name}`,
        query,
      ]),
    ),
    'the boards a user sees': db
      .selectFrom('boards')
      .select('boards.id')
      .where('boards.id', 'in', visibleBoardIds(db, 1)),
    'a board a user sees': boardAccessQuery(db, 1, 2),
  };
};

// Named here (the builders need the test's database): a query added to the read and not here fails.
const names = ['board', 'lists', 'items', 'members', 'the boards a user sees', 'a board a user sees'].concat(
  ...['card', 'item'].map((scope) =>
    ['todos', 'tags', 'members', 'comments'].map((name) => `${scope} ${name}`),
  ),
);

it('checks every query of the board read', () => {
  expect(Object.keys(queries()).sort()).toEqual([...names].sort());
});

it.each(names)('%s is served by an index', async (name) => {
  await expectIndexed(t, asRaw(queries()[name as keyof ReturnType<typeof queries>]), /^(board|item_)/);
});
