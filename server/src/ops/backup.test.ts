/**
 * Backups: a database holding rows in every area (the security suites' world: boards,
 * cards, comments, goals, to-dos, events with exceptions, meetings, chats, notifications, feeds,
 * avatars…) is backed up and restored into an empty SQLite database and an empty PostgreSQL one —
 * whatever the engine it came from — and every table of each compares equal, row by row. A backup
 * of other migrations is refused with nothing changed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGunzip, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest } from '../db';
import { buildWorld } from '../security/api-operations';
import { scratchDatabase, usePostgres, useTestApp } from '../test/harness';
import { backup, BackupError, restore } from './backup';

const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-backup-'));
const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A value as both engines agree on it: booleans as 0/1, binary as base64, JSON with sorted keys. */
function normal(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^[[{]/.test(value)) {
    try {
      return normal(JSON.parse(value));
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return JSON.stringify(value.map((item): unknown => normal(item) ?? null));
  if (value !== null && typeof value === 'object') {
    const sorted = Object.keys(value)
      .sort()
      .map((key) => [key, normal((value as Record<string, unknown>)[key])]);
    return JSON.stringify(Object.fromEntries(sorted));
  }
  return value;
}

/** Every application table's rows, normalised and sorted. */
async function contents(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = (await handle.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
  const all: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(handle.db);
    all[table] = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            Object.keys(row)
              .sort()
              .map((key) => [key, normal(row[key])]),
          ),
        ),
      )
      .sort();
  }
  return all;
}

async function empty(engine: 'sqlite' | 'postgres'): Promise<DatabaseHandle> {
  const handle = await scratchDatabase(engine, dir);
  opened.push(handle);
  await migrateToLatest(handle);
  return handle;
}

describe(`a backup of ${usePostgres ? 'PostgreSQL' : 'SQLite'}`, () => {
  let file = '';
  let source: Record<string, string[]> = {};

  it('holds every table', async () => {
    await buildWorld(t);
    file = path.join(dir, 'world.jsonl.gz');
    const written = await backup(t.database, file);
    source = await contents(t.database);
    const filled = Object.entries(source).filter(([, rows]) => rows.length > 0);
    expect(written.tables).toBe(Object.keys(source).length);
    expect(written.rows).toBe(filled.reduce((sum, [, rows]) => sum + rows.length, 0));
    // The world fills most tables; each of these must be there.
    for (const table of [
      'users',
      'boards',
      'board_items',
      'events',
      'meetings',
      'chat_messages',
      'mail_outbox',
    ])
      expect(source[table]!.length, table).toBeGreaterThan(0);
    console.log(
      `backup: ${written.rows} rows of ${written.tables} tables, ${fs.statSync(file).size} bytes gzipped`,
    );
  });

  it.each(['sqlite', 'postgres'] as const)(
    'restores into an empty %s database, every table equal',
    async (engine) => {
      const target = await empty(engine);
      const restored = await restore(target, file);
      expect(restored.rows).toBeGreaterThan(0);
      expect(await contents(target)).toEqual(source);
      // New rows go on after the restored ids.
      const { id } = await target.db
        .insertInto('tags')
        .values({
          user_id: 1,
          name: 'after restore',
          color: '#123456',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const highest = Math.max(
        ...source.tags!.map((row) => Number((JSON.parse(row) as { id: number }).id)),
        0,
      );
      expect(Number(id)).toBeGreaterThan(highest);
    },
  );

  /** The file's lines, the trailer last. */
  async function linesOf(from: string): Promise<string[]> {
    const parts: string[] = [];
    for await (const chunk of fs.createReadStream(from).pipe(createGunzip())) parts.push(String(chunk));
    return parts
      .join('')
      .split('\n')
      .filter((line) => line !== '');
  }

  /** The lines written as a gzipped file, with a new trailer that checks out when `seal`. */
  function written(name: string, lines: string[], seal = false): string {
    const out = [...lines];
    if (seal) {
      const rows: Record<string, number> = {};
      for (const line of lines.slice(1)) {
        const chunk = JSON.parse(line) as { table: string; rows: unknown[] };
        rows[chunk.table] = (rows[chunk.table] ?? 0) + chunk.rows.length;
      }
      const sha256 = createHash('sha256')
        .update(lines.map((line) => `${line}\n`).join(''))
        .digest('hex');
      out.push(JSON.stringify({ trailer: { rows, lines: lines.length, sha256 } }));
    }
    const target = path.join(dir, name);
    fs.writeFileSync(target, gzipSync(out.map((line) => `${line}\n`).join('')));
    return target;
  }

  /** A refusal: a BackupError of one short line that quotes none of the file's rows. */
  async function refused(target: DatabaseHandle, from: string, replace: boolean): Promise<string> {
    const error = await restore(target, from, { replace }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BackupError);
    const message = (error as BackupError).message;
    expect(message).not.toContain('\n');
    expect(message.length).toBeLessThan(300);
    expect(message).not.toContain('"rows"');
    return message;
  }

  it('refuses a file cut short, its header alone, a changed row, other migrations or no gzip, changing nothing', async () => {
    const target = await empty(usePostgres ? 'postgres' : 'sqlite');
    await restore(target, file);
    const before = await contents(target);
    const all = await linesOf(file);
    const trailer = all.at(-1)!;
    expect(trailer).toMatch(/^\{"trailer":/);
    const lines = all.slice(0, -1);
    expect(lines.length).toBeGreaterThan(3);
    const changed = [...lines];
    changed[2] = lines[2]!.replace(/"id":(\d+)/, '"id":9$1');
    expect(changed[2]).not.toBe(lines[2]);
    const header = JSON.parse(lines[0]!) as { migrations: string[] };
    const older = JSON.stringify({ ...header, migrations: header.migrations.slice(0, -1) });
    const notGzip = path.join(dir, 'plain.jsonl');
    fs.writeFileSync(notGzip, all.join('\n'));
    const cases: Array<[string, string, RegExp]> = [
      ['cut at a line break', written('cut.jsonl.gz', lines.slice(0, -1)), /cut short/],
      ['its header alone', written('header.jsonl.gz', lines.slice(0, 1)), /cut short/],
      ['a changed row', written('changed.jsonl.gz', [...changed, trailer]), /do not match/],
      ['other migrations', written('older.jsonl.gz', [older, ...lines.slice(1)], true), /migration/],
      ['not gzip', notGzip, /not a whole gzipped/],
    ];
    for (const [name, from, reason] of cases) {
      expect(await refused(target, from, true), name).toMatch(reason);
      expect(await contents(target), name).toEqual(before);
    }
  });

  it('refuses a good file into a database holding data without --replace, and replaces it with', async () => {
    const target = await empty('sqlite');
    await restore(target, file);
    const before = await contents(target);
    expect(await refused(target, file, false)).toMatch(/already holds data/);
    expect(await contents(target)).toEqual(before);
    await restore(target, file, { replace: true });
    expect(await contents(target)).toEqual(source);
  });
});
