/**
 * The users table's part of "your data": other people as the export names them, and the account's
 * row, locked first and deleted last by the account's deletion (your-data/service.ts composes the
 * modules' parts).
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import type { Engine } from '../../db/dialect';

/** Another person as the file names them: never their e-mail (D12). */
export type Person = YourDataExport['friends'][number]['user'];

/**
 * The people named, read at once: a missing row cannot happen in the export's transaction (it
 * would show empty names).
 */
export async function peopleNamed(db: Db, ids: Iterable<number>): Promise<(id: number) => Person> {
  const wanted = [...new Set(ids)];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'username', 'full_name'])
          .where('id', 'in', wanted)
          .execute();
  const found = new Map(rows.map((row) => [row.id, row]));
  return (id) => {
    const row = found.get(id);
    return { _id: String(id), username: row?.username ?? '', fullName: row?.full_name ?? '' };
  };
}

/** Writes that add to the user's things (a board, an event) wait for this lock or see the user gone. */
export async function lockUser(trx: Db, engine: Engine, userId: number): Promise<void> {
  await engine.forUpdate(trx.selectFrom('users').select('id').where('id', '=', userId)).execute();
}

/** The account's row, last: an access token then finds no user (authenticate.ts). */
export async function eraseUser(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
