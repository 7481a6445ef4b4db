/**
 * A board reads with indexed queries whatever its size: the plan of each board-read query names
 * an index. On PostgreSQL sequential scans are disabled for the check, since on small test tables
 * the planner rightly prefers them; what is proved is that an index serves each query.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { usePostgres, useTestApp } from '../../test/harness';

const t = useTestApp();

const queries = {
  board_lists: sql`select * from board_lists where board_id = ${1} order by position`,
  board_items: sql`select * from board_items where board_id = ${1} order by list_id, position`,
  item_todos: sql`select * from item_todos where board_id = ${1} order by id`,
  board_members: sql`select * from board_members where board_id = ${1}`,
  membership: sql`select board_id from board_members where user_id = ${1}`,
};

it.each(Object.entries(queries))('%s is served by an index', async (_name, query) => {
  const plan = await t.database.db.connection().execute(async (db) => {
    if (usePostgres) {
      await sql`set enable_seqscan = off`.execute(db);
      const rows = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(db);
      await sql`reset enable_seqscan`.execute(db);
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    }
    const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
    return rows.rows.map((row) => row.detail).join('\n');
  });
  expect(plan).toMatch(
    usePostgres ? /Index (Only )?Scan|Bitmap Index Scan/ : /USING (COVERING |PRIMARY KEY )?INDEX/,
  );
  expect(plan).not.toMatch(/Seq Scan|SCAN board_|SCAN item_/);
});
