/**
 * SQLite's write-ahead log is copied into the database file by a thread of its own, never inside
 * one of the app's commits (dialect.ts, checkpointInBackground): a checkpoint in a commit blocks the
 * event loop for its copy and fsync. The same on every engine the suite runs on: it is about the
 * SQLite file the app keeps by default.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './index';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-checkpoint-'));
const file = path.join(dataDir, 'cadence.sqlite');
const handle = openDatabase({ sqliteFile: file, dataDir });

afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SQLite checkpoints', () => {
  it('never runs one in the app’s connection, and copies the log into the file in the background', async () => {
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(rows[0]!.wal_autocheckpoint).toBe(0);

    await sql`create table checkpoint_probe (id integer primary key, body blob)`.execute(handle.db);
    const page = Buffer.alloc(3000, 1);
    // About 2,500 pages, each insert a commit of its own: past SQLite's automatic threshold (1,000).
    for (let i = 0; i < 2500; i += 1)
      await sql`insert into checkpoint_probe (body) values (${page})`.execute(handle.db);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2500 * 3000);

    // The database file itself fills as the background connection copies the log into it.
    await expect
      .poll(() => fs.statSync(file).size, { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(2500 * 3000);
    const { rows: count } = await sql<{ n: number }>`select count(*) as n from checkpoint_probe`.execute(
      handle.db,
    );
    expect(Number(count[0]!.n)).toBe(2500);
  });
});
