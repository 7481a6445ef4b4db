/**
 * A number per user and list that every write to the list bumps, in the write's transaction; a
 * read of the list keys its cached bytes and its ETag on it (lib/cached-json.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { prepared, preparedShaped } from '../db/prepared';
import { afterCommit } from '../db/transaction';
import type { LiveEvent } from '@cadence/contract';

export type VersionedList = 'goals' | 'todos' | 'calendar';

const versionOf = prepared<{ version: number }, [userId: number, list: VersionedList]>((db) =>
  db.selectFrom('list_versions').select('version').where('user_id', '=', 0).where('list', '=', 'goals'),
);

export async function listVersion(db: Db, userId: number, list: VersionedList): Promise<number> {
  return (await versionOf(db, userId, list))?.version ?? 0;
}

/** Bumps one user's list; answers its new version. */
export async function bumpListVersion(trx: Db, userId: number, list: VersionedList): Promise<number> {
  const row = await trx
    .insertInto('list_versions')
    .values({ user_id: userId, list, version: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'list']).doUpdateSet((eb) => ({ version: eb('list_versions.version', '+', 1) })),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/** An event or a to-do as CalDAV names it (D43, D49): the name its client chose, else ours. */
export interface DavResource {
  id: number;
  dav_name: string | null;
}

export const davNameOf = (resource: DavResource): string => resource.dav_name ?? `${resource.id}.ics`;

/** The name of an object made in the app (D49): never one a client could have chosen before it. */
export const newDavName = (): string => `${randomUUID()}.ics`;

/**
 * Notes, at the list's new version, which resources changed in it (made, changed, deleted, or
 * no longer the user's to see), for CalDAV's sync-collection (D43). `undefined`: the change is
 * not told resource by resource, so every older sync token of the list stops being valid.
 */
async function noteDavChanges(
  trx: Db,
  userId: number,
  list: 'calendar' | 'todos',
  version: number,
  changed: readonly DavResource[] | undefined,
): Promise<void> {
  const rows = (changed ?? [{ id: 0, dav_name: '' }]).map((resource) => ({
    user_id: userId,
    list,
    source_id: resource.id,
    name: resource.id === 0 ? '' : davNameOf(resource),
    version,
  }));
  if (rows.length === 0) return;
  await trx
    .insertInto('dav_changes')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['user_id', 'list', 'source_id']).doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        name: eb.ref('excluded.name'),
      })),
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
  /** The events or to-dos that changed (D43's sync); none given: unknown ones (see noteDavChanges). */
  changed?: readonly DavResource[],
): Promise<void> {
  const people = [...new Set(userIds)].sort((a, b) => a - b);
  for (const userId of people) {
    const version = await bumpListVersion(trx, userId, list);
    if (list !== 'goals') await noteDavChanges(trx, userId, list, version, changed);
  }
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
  await trx.deleteFrom('dav_changes').where('user_id', '=', userId).execute();
}

/**
 * Everyone but `userId` on rows that each name a participant and an owner: whose lists showed a
 * shared row of theirs (a deleted account's events, meetings, tasks), to bump.
 */
export function othersOn(rows: Array<{ user_id: number; owner_id: number }>, userId: number): number[] {
  return rows.flatMap((row) => [row.user_id, row.owner_id]).filter((id) => id !== userId);
}

/** The list version at each of these resources' last change (D43's ETags); none for one never changed since. */
export async function davVersions(
  db: Db,
  userId: number,
  list: 'calendar' | 'todos',
  ids: number[],
): Promise<Map<number, number>> {
  const versions = new Map<number, number>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await davVersionsQuery(db, userId, list, ids.slice(start, start + 500)).execute();
    for (const row of rows) versions.set(row.source_id, row.version);
  }
  return versions;
}

/** The query of `davVersions` for up to 500 ids, built (the query-plan tests compile it). */
export function davVersionsQuery(db: Db, userId: number, list: 'calendar' | 'todos', ids: number[]) {
  // The bounds repeat what the list says, for the planner: one range of the primary key rather
  // than a probe per id, which PostgreSQL costs above a scan of all the user's rows.
  return db
    .selectFrom('dav_changes')
    .select(['source_id', 'version'])
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .where('source_id', '>=', Math.min(...ids))
    .where('source_id', '<=', Math.max(...ids))
    .where('source_id', 'in', ids);
}

/**
 * What changed in the list after `since` (a sync token's version), or `invalid` when that token
 * is older than a change not told resource by resource (the client must sync in full).
 */
export async function davChangesSince(
  db: Db,
  userId: number,
  list: 'calendar' | 'todos',
  since: number,
): Promise<'invalid' | Array<{ source_id: number; name: string; version: number }>> {
  return (await davChangesSinceEach(db, list, new Map([[userId, since]]))).get(userId)!;
}

/** Each user's changes after their own version (`versions[i]` is `users[i]`'s): one indexed range each. */
export const changesSinceQuery = (
  db: Db,
  v: { users: number[]; versions: number[]; list: 'calendar' | 'todos' },
) =>
  db
    .selectFrom('dav_changes')
    .select(['user_id', 'source_id', 'name', 'version'])
    .where((eb) =>
      eb.or(
        v.users.map((user, index) =>
          eb.and([eb('user_id', '=', user), eb('list', '=', v.list), eb('version', '>', v.versions[index]!)]),
        ),
      ),
    )
    .orderBy('version');
const changesSince = preparedShaped(changesSinceQuery);

/**
 * davChangesSince for several users at once, each since their own version: one statement, each
 * user's range of the index read (a user far ahead of the others costs no rows of theirs older
 * than their own version).
 */
export async function davChangesSinceEach(
  db: Db,
  list: 'calendar' | 'todos',
  since: ReadonlyMap<number, number>,
): Promise<Map<number, 'invalid' | Array<{ source_id: number; name: string; version: number }>>> {
  const changes = new Map<number, 'invalid' | Array<{ source_id: number; name: string; version: number }>>();
  if (since.size === 0) return changes;
  for (const userId of since.keys()) changes.set(userId, []);
  const rows = await changesSince(db, { users: [...since.keys()], versions: [...since.values()], list });
  for (const { user_id: userId, ...row } of rows) {
    const own = changes.get(userId);
    if (own === 'invalid' || own === undefined) continue;
    if (row.source_id === 0) changes.set(userId, 'invalid');
    else own.push(row);
  }
  return changes;
}
