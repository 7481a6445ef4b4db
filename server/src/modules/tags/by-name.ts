/**
 * The user's tags by name, made where missing (a board file's import, projects/transfer.ts): the
 * tags module alone writes `tags`. Names are matched without regard to case, as the unique index.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';

/** Rows per insert: well under SQLite's 32,766 bound parameters. */
const CHUNK = 400;

/** Each wanted tag's id, by its lower-case name; those the user lacks are made with the colour given. */
export async function tagsNamed(
  trx: Db,
  userId: number,
  wanted: ReadonlyArray<{ name: string; color: string }>,
  at: string,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (wanted.length === 0) return ids;
  const existing = await trx
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where(
      sql<string>`lower(name)`,
      'in',
      wanted.map((tag) => tag.name.toLowerCase()),
    )
    .execute();
  for (const tag of existing) ids.set(tag.name.toLowerCase(), tag.id);
  const missing = wanted.filter((tag) => !ids.has(tag.name.toLowerCase()));
  for (let start = 0; start < missing.length; start += CHUNK) {
    const made = await trx
      .insertInto('tags')
      .values(
        missing.slice(start, start + CHUNK).map((tag) => ({
          user_id: userId,
          name: tag.name,
          color: tag.color,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const tag of made) ids.set(tag.name.toLowerCase(), tag.id);
  }
  return ids;
}
