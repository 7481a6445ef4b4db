/**
 * Every write of a table comes from its owner (db/owners.ts): each insertInto, updateTable and
 * deleteFrom under server/src is read, with the table it names, and a write from any other module
 * or file fails the test. The seed, the migrations, the backup's restore and the tests write every
 * table; a write whose table is not written out (a variable) fails too, as nothing could check it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableOwners } from './owners';

const src = path.resolve(import.meta.dirname, '..');

/** Who a file writes as: its module's folder, or its own path under lib/ (and db/, ops/…). */
function writerOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'modules' ? parts[1]! : file;
}

/** Files allowed to write any table. */
const everyTable = (file: string) =>
  file === 'seed.ts' ||
  file.startsWith('db/migrations/') ||
  file.startsWith('ops/') ||
  file.startsWith('test/') ||
  file.endsWith('.test.ts');

const WRITE = /\.(insertInto|updateTable|deleteFrom|replaceInto)\(\s*([^)]*?)\s*(?:\)|,)/g;

/** The writes of one file that its writer does not own, as "file: kind table". */
function strayWrites(file: string, source: string): string[] {
  if (everyTable(file)) return [];
  const writer = writerOf(file);
  const stray: string[] = [];
  for (const [, kind, argument] of source.matchAll(WRITE)) {
    const table = /^'([a-z_]+)(?: as [a-z_]+)?'$/.exec(argument!)?.[1];
    const owners: readonly string[] | undefined =
      table === undefined ? undefined : [tableOwners[table as keyof typeof tableOwners]].flat();
    if (!owners?.includes(writer)) stray.push(`${file}: ${kind} ${table ?? argument}`);
  }
  return stray;
}

function sources(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const entry of fs.readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.push([path.relative(src, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8')]);
  }
  return found;
}

describe('table ownership', () => {
  it('finds every write of server/src made by its table’s owner', () => {
    const files = sources();
    const writes = files.flatMap(([file, source]) =>
      everyTable(file) ? [] : [...source.matchAll(WRITE)].map(() => file),
    );
    // The scan reads the writes there are (a regular expression that matched nothing would pass).
    expect(writes.length).toBeGreaterThan(200);
    expect(files.flatMap(([file, source]) => strayWrites(file, source))).toEqual([]);
  });

  it('refuses a module writing another’s table, lib/ writing a module’s, and a table it cannot read', () => {
    expect(
      strayWrites(
        'modules/booking/probe.ts',
        "await trx.deleteFrom('notifications').where('kind', '=', 'x').execute();\n" +
          "await trx.insertInto('bookings').values(row).execute();",
      ),
    ).toEqual(['modules/booking/probe.ts: deleteFrom notifications']);
    expect(strayWrites('lib/probe.ts', "db.updateTable('todos as t').set({ title: 'x' })")).toEqual([
      'lib/probe.ts: updateTable todos',
    ]);
    expect(strayWrites('modules/auth/probe.ts', 'trx.deleteFrom(table).execute()')).toEqual([
      'modules/auth/probe.ts: deleteFrom table',
    ]);
    // The users row: each of its writers, for its own columns.
    expect(
      strayWrites('modules/chat/probe.ts', "trx.updateTable('users').set({ last_seen_at: now })"),
    ).toEqual([]);
    expect(strayWrites('modules/goals/probe.ts', "trx.updateTable('users').set({ bio: '' })")).toEqual([
      'modules/goals/probe.ts: updateTable users',
    ]);
  });
});
