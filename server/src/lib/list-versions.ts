/**
 * A number per user and list that every write to the list bumps, in the write's transaction; a
 * read of the list keys its cached bytes and its ETag on it (lib/cached-json.ts).
 */
import type { Db } from '../db';
import { prepared } from '../db/prepared';
import { afterCommit } from '../db/transaction';
import type { LiveEvent } from '@cadence/contract';

export type VersionedList = 'goals' | 'todos' | 'calendar';

const versionOf = prepared<{ version: number }, [userId: number, list: VersionedList]>((db) =>
  db.selectFrom('list_versions').select('version').where('user_id', '=', 0).where('list', '=', 'goals'),
);

export async function listVersion(db: Db, userId: number, list: VersionedList): Promise<number> {
  return (await versionOf(db, userId, list))?.version ?? 0;
}

export async function bumpListVersion(trx: Db, userId: number, list: VersionedList): Promise<void> {
  await trx
    .insertInto('list_versions')
    .values({ user_id: userId, list, version: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'list']).doUpdateSet((eb) => ({ version: eb('list_versions.version', '+', 1) })),
    )
    .execute();
}

/**
 * Bumps the list of every user in `userIds` (a shared row changed in all their lists), in id
 * order: two writes bumping the same people lock their rows in one order, so they wait for each
 * other instead of deadlocking (A bumping [A, B] while B bumps [B, A] did, on PostgreSQL).
 */
export async function bumpListVersions(
  trx: Db,
  userIds: Iterable<number>,
  list: VersionedList,
  tell?: ListChangeTold,
): Promise<void> {
  const people = [...new Set(userIds)].sort((a, b) => a - b);
  for (const userId of people) await bumpListVersion(trx, userId, list);
  if (!tell || list === 'goals') return;
  // D45: the others' pages showing this list read it again, once the change is committed (the
  // one who made it has the answer already).
  const others = people.filter((userId) => userId !== tell.actor);
  if (others.length > 0) afterCommit(trx, () => tell.live.publish(others, { type: list, data: {} }));
}

/** Who made a change to shared lists, and the hub that tells the others (D45). */
export interface ListChangeTold {
  live: { publish(userIds: number[], event: LiveEvent): void };
  actor: number;
}

/** The account is deleted: its versions go with it (a new account starts again at 0). */
export async function eraseListVersions(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('list_versions').where('user_id', '=', userId).execute();
}

/**
 * Everyone but `userId` on rows that each name a participant and an owner: whose lists showed a
 * shared row of theirs (a deleted account's events, meetings, tasks), to bump.
 */
export function othersOn(rows: Array<{ user_id: number; owner_id: number }>, userId: number): number[] {
  return rows.flatMap((row) => [row.user_id, row.owner_id]).filter((id) => id !== userId);
}
