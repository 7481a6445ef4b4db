/**
 * better-sqlite3 binds no JS booleans: dialect.ts turns them into 1 and 0 as a query's parameters
 * are bound (`bindable`), and walks only a schema change's tree for the literals it writes into its
 * SQL text. About the SQLite file the app keeps by default, on every engine the suite runs on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, type Generated, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { bindable } from './dialect';
import { openDatabase } from './index';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-booleans-'));
const handle = openDatabase({ sqliteFile: path.join(dataDir, 'cadence.sqlite'), dataDir });
const db = handle.db.withTables<{
  boolean_probe: { id: Generated<number>; flag: Generated<boolean>; name: string };
}>();

afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('booleans on SQLite', () => {
  it('writes a column’s boolean default as 0 or 1 (a schema change’s literal)', async () => {
    await db.schema
      .createTable('boolean_probe')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('flag', 'integer', (c) => c.notNull().defaultTo(false))
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    const { rows } = await sql<{
      name: string;
      dflt_value: string | null;
    }>`pragma table_info(boolean_probe)`.execute(db);
    expect(rows.find((column) => column.name === 'flag')?.dflt_value).toBe('0');
  });

  it('binds true and false as 1 and 0 in inserts, updates, filters, lists, raw SQL and compiled queries', async () => {
    await db
      .insertInto('boolean_probe')
      .values([
        { flag: true, name: 'a' },
        { flag: false, name: 'b' },
      ])
      .execute();
    await sql`insert into boolean_probe (flag, name) values (${true}, ${'c'})`.execute(db);
    await db.insertInto('boolean_probe').values({ name: 'd' }).execute();
    await db.updateTable('boolean_probe').set({ flag: true }).where('name', '=', 'b').execute();
    await db.updateTable('boolean_probe').set({ flag: false }).where('name', '=', 'c').execute();

    const named = async (flag: boolean) =>
      (
        await db.selectFrom('boolean_probe').select('name').where('flag', '=', flag).orderBy('name').execute()
      ).map((row) => row.name);
    expect(await named(true)).toEqual(['a', 'b']);
    expect(await named(false)).toEqual(['c', 'd']);
    const listed = await db
      .selectFrom('boolean_probe')
      .select('name')
      .where('flag', 'in', [false])
      .orderBy('name')
      .execute();
    expect(listed.map((row) => row.name)).toEqual(['c', 'd']);
    const stored = await sql<{ flag: number }>`select flag from boolean_probe order by name`.execute(db);
    expect(stored.rows.map((row) => row.flag)).toEqual([1, 1, 0, 0]);

    // A query compiled once and run with its own parameters (db/prepared.ts) is bound the same way.
    const compiled = await db.executeQuery<{ t: number; f: number; s: string }>(
      CompiledQuery.raw('select ? as t, ? as f, ? as s', [true, false, 'x']),
    );
    expect(compiled.rows).toEqual([{ t: 1, f: 0, s: 'x' }]);
  });

  it('binds the very parameters given when none is a boolean', () => {
    const parameters = [1, 'two', null, 3n];
    expect(bindable(parameters)).toBe(parameters);
    expect(bindable([true, 'x', false])).toEqual([1, 'x', 0]);
  });
});
