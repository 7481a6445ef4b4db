/**
 * Tags on a row (goals, to-dos; D14) travel by name and are stored by identity: a built-in by its
 * name, one of the user's own by its id, so renaming a tag renames it everywhere and deleting it
 * takes it off. Names are matched without regard to case; repeats count once.
 */
import { isBuiltInTagName, type MessageKey, messages } from '@cadence/contract';
import { sql } from 'kysely';
import type { Db } from '../db';
import { badRequest } from '../errors';

export interface TagRef {
  built_in: string | null;
  tag_id: number | null;
}

/** Each name must be a built-in or one of the user's tags; otherwise 400 on `fields.tags` with `unknown`. */
export async function resolveTags(
  db: Db,
  userId: number,
  names: readonly string[],
  unknown: MessageKey,
): Promise<TagRef[]> {
  const own = await db.selectFrom('tags').select(['id', 'name']).where('user_id', '=', userId).execute();
  return tagRefs(names, new Map(own.map((tag) => [tag.name.toLowerCase(), tag.id])), unknown);
}

/**
 * Names as refs: a built-in, or a tag among `usable` (by lower-case name → id); otherwise 400 on
 * `tags` with `unknown`. Repeats count once.
 */
export function tagRefs(
  names: readonly string[],
  usable: ReadonlyMap<string, number>,
  unknown: MessageKey,
): TagRef[] {
  const refs: TagRef[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (seen.has(lower)) continue;
    seen.add(lower);
    const tagId = usable.get(lower);
    if (isBuiltInTagName(lower)) refs.push({ built_in: lower, tag_id: null });
    else if (tagId !== undefined) refs.push({ built_in: null, tag_id: tagId });
    else throw badRequest('VALIDATION_ERROR', unknown, { tags: messages[unknown] });
  }
  return refs;
}

/** A tag name as `userId` may filter by: a built-in, one of theirs, or null when they have none such. */
export async function findTag(db: Db, userId: number, name: string): Promise<TagRef | null> {
  const lower = name.toLowerCase();
  if (isBuiltInTagName(lower)) return { built_in: lower, tag_id: null };
  const own = await db
    .selectFrom('tags')
    .select('id')
    .where('user_id', '=', userId)
    .where(sql<string>`lower(name)`, '=', lower)
    .executeTakeFirst();
  return own ? { built_in: null, tag_id: own.id } : null;
}

/** A tag's place on a row as the data export writes it (your-data): by built-in name or own tag's id. */
export function exportedTagRef(row: { position: number; built_in: string | null; tag_id: number | null }) {
  return {
    position: row.position,
    builtIn: row.built_in,
    tagId: row.tag_id === null ? null : String(row.tag_id),
  };
}
