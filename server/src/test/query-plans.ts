/**
 * Checks that a query is served by an index, on the engine under test. On PostgreSQL sequential
 * scans are disabled for the check, since on small test tables the planner rightly prefers them;
 * what is proved is that an index serves the query.
 */
import { type Compilable, type RawBuilder, sql } from 'kysely';
import { expect } from 'vitest';
import { usePostgres, type TestApp } from './harness';

/** A query built with Kysely as raw SQL with its parameters, for `expectIndexed`. */
export function asRaw(query: Compilable): RawBuilder<unknown> {
  const { sql: text, parameters } = query.compile();
  const parts = text.split(/\$\d+|\?/);
  return sql.join(
    parts.map((part, i) => (i < parameters.length ? sql`${sql.raw(part)}${parameters[i]}` : sql.raw(part))),
    sql``,
  );
}

/** Answers the plan, for a closer look (which columns bound the index's range). */
export async function expectIndexed(t: TestApp, query: RawBuilder<unknown>, tables: RegExp): Promise<string> {
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
    usePostgres
      ? /Index (Only )?Scan|Bitmap Index Scan/
      : /USING (COVERING |PRIMARY KEY )?INDEX|USING INTEGER PRIMARY KEY/,
  );
  // A full scan on SQLite reads "SCAN <table>"; an index search reads "SEARCH <table> USING …".
  expect(plan, plan).not.toMatch(/Seq Scan/);
  for (const line of plan.split('\n')) {
    const scanned = /^SCAN (\w+)/.exec(line.trim());
    if (scanned?.[1] && tables.test(scanned[1])) expect.fail(`${scanned[1]} is scanned:\n${plan}`);
  }
  return plan;
}
