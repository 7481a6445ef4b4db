/**
 * Backups (issue 26): a database holding rows in every area (the security suites' world: boards,
 * cards, comments, goals, to-dos, events with exceptions, meetings, chats, notifications, feeds,
 * avatars…) is backed up and restored into an empty SQLite database and an empty PostgreSQL one —
 * whatever the engine it came from — and every table of each compares equal, row by row. A backup
 * of other migrations is refused with nothing changed.
 */
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

  it('refuses a backup written at other migrations, changing nothing', async () => {
    const target = await empty('sqlite');
    await restore(target, file);
    const before = await contents(target);
    const lines: string[] = [];
    const reader = fs.createReadStream(file).pipe(createGunzip());
    for await (const chunk of reader) lines.push(String(chunk));
    const [header, ...rest] = lines.join('').split('\n');
    const older = { ...(JSON.parse(header!) as { migrations: string[] }) };
    older.migrations = older.migrations.slice(0, -1);
    const other = path.join(dir, 'older.jsonl.gz');
    fs.writeFileSync(other, gzipSync([JSON.stringify(older), ...rest].join('\n')));
    await expect(restore(target, other)).rejects.toThrow(BackupError);
    expect(await contents(target)).toEqual(before);
  });
});
