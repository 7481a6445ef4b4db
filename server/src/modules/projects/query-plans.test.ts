/**
 * A board reads with indexed queries whatever its size: the plan of each board-read query names
 * an index. On PostgreSQL sequential scans are disabled for the check, since on small test tables
 * the planner rightly prefers them; what is proved is that an index serves each query.
 */
import { sql } from 'kysely';
import { it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { expectIndexed } from '../../test/query-plans';

const t = useTestApp();

const queries = {
  board_lists: sql`select * from board_lists where board_id = ${1} order by position`,
  board_items: sql`select * from board_items where board_id = ${1} order by list_id, position`,
  item_todos: sql`select * from item_todos where board_id = ${1} order by id`,
  board_members: sql`select * from board_members where board_id = ${1}`,
  membership: sql`select board_id from board_members where user_id = ${1}`,
};

it.each(Object.entries(queries))('%s is served by an index', async (_name, query) => {
  await expectIndexed(t, query, /^(board_|item_)/);
});
