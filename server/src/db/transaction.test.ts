/** The transaction helper runs what was registered for after the commit only once committed. */
import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './index';
import { scratchDatabase, usePostgres } from '../test/harness';
import { afterCommit, onEffectError, transaction } from './transaction';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await scratchDatabase(usePostgres ? 'postgres' : 'sqlite', os.tmpdir());
  await sql`create table effects_probe (id integer primary key)`.execute(handle.db);
});

afterAll(() => handle.close());

async function count(): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from effects_probe`.execute(
    handle.db,
  );
  return Number(rows[0]!.n);
}

describe('transaction() and afterCommit()', () => {
  it('runs the effects after the commit, in order, where the committed row is visible', async () => {
    const seen: string[] = [];
    let rowsSeen: Promise<number> | undefined;
    const result = await transaction(handle.db, async (trx) => {
      await sql`insert into effects_probe (id) values (1)`.execute(trx);
      // Read outside the transaction: before the commit it would not see the row (on PostgreSQL,
      // another connection; on SQLite, the one connection would wait for the transaction).
      afterCommit(trx, () => {
        seen.push('first');
        rowsSeen = count();
      });
      afterCommit(trx, () => seen.push('second'));
      expect(seen).toEqual([]);
      return 'answer';
    });
    expect(result).toBe('answer');
    expect(seen).toEqual(['first', 'second']);
    expect(await rowsSeen).toBe(1);
  });

  it('runs none when the transaction rolls back, and rethrows', async () => {
    const seen: string[] = [];
    await expect(
      transaction(handle.db, async (trx) => {
        await sql`insert into effects_probe (id) values (2)`.execute(trx);
        afterCommit(trx, () => seen.push('never'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
    expect(await count()).toBe(1);
  });

  it('runs an effect at once outside a transaction, and refuses a transaction opened without the helper', async () => {
    const seen: string[] = [];
    afterCommit(handle.db, () => seen.push('now'));
    expect(seen).toEqual(['now']);
    await expect(
      handle.db.transaction().execute((trx) => {
        afterCommit(trx, () => seen.push('lost'));
        return Promise.resolve();
      }),
    ).rejects.toThrow(/transaction\(\)/);
    expect(seen).toEqual(['now']);
  });

  it('keeps running the other effects when one throws, the commit standing', async () => {
    const seen: string[] = [];
    const reported: unknown[] = [];
    onEffectError((error) => reported.push(error));
    await transaction(handle.db, async (trx) => {
      await sql`insert into effects_probe (id) values (3)`.execute(trx);
      afterCommit(trx, () => {
        throw new Error('publish failed');
      });
      afterCommit(trx, () => seen.push('after the failure'));
    });
    expect(seen).toEqual(['after the failure']);
    expect(reported).toEqual([new Error('publish failed')]);
    expect(await count()).toBe(2);
  });
});
