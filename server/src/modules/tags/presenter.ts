/** Maps tag rows, and the built-in tags that have no row, to the contract's `tag` (D14). */
import { type BuiltInTagName, builtInTagColors, type Tag } from '@cadence/contract';
import type { Selectable } from 'kysely';
import type { TagsTable } from '../../db/schema';

export type TagRow = Selectable<TagsTable>;

export function presentTag(row: TagRow): Tag {
  return { _id: String(row.id), name: row.name, color: row.color, builtIn: false };
}

/** A built-in tag's id is its name: it is the same for every user and never stored. */
export function presentBuiltInTag(name: BuiltInTagName): Tag {
  return { _id: name, name, color: builtInTagColors[name], builtIn: true };
}
