/**
 * Gapped positions (D16, decisions §27): lists within a board and items within a list keep an
 * integer `position`, 1,024 apart when fresh. A move writes one row: the mover takes the midpoint
 * of its new neighbours. Only when two neighbours have no integer left between them (after ten or
 * so moves into the same gap) is the scope renumbered, in one statement. Callers hold the board's
 * lock, so two moves never compute the same midpoint; reads order by position, then id.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';
import { POSITION_GAP } from '../../db/migrations/0015-board-cards';

export { POSITION_GAP };

/** Positions stay well inside a 32-bit integer (PostgreSQL's `integer`). */
const LIMIT = 2 ** 31 - 1 - POSITION_GAP;

export type Ordered = 'board_lists' | 'board_items';

export interface Placed {
  /** The scope's rows' positions were renumbered to make room. */
  renumbered: boolean;
  position: number;
}

const scopeOf = (table: Ordered) => (table === 'board_lists' ? 'board_id' : 'list_id');

/** The position after the last row of the scope. */
export async function endPosition(db: Db, table: Ordered, scopeId: number): Promise<number> {
  const { last } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where(scopeOf(table), '=', scopeId)
    .executeTakeFirstOrThrow();
  return last === null ? 0 : Number(last) + POSITION_GAP;
}

/**
 * The position for the row `rowId` at 0-based `index` among the scope's other rows (clamped to the
 * end), renumbering them first if there is no room. Writes nothing for the mover itself.
 */
export async function positionAt(
  db: Db,
  table: Ordered,
  scopeId: number,
  rowId: number,
  index: number,
): Promise<Placed> {
  const first = await gapAt(db, table, scopeId, rowId, index);
  if (first.position !== null) return { renumbered: false, position: first.position };
  await renumber(db, table, scopeId, rowId);
  const second = await gapAt(db, table, scopeId, rowId, index);
  return { renumbered: true, position: second.position ?? 0 };
}

/** The midpoint of the neighbours around `index`, or null when they are adjacent or at the limit. */
async function gapAt(
  db: Db,
  table: Ordered,
  scopeId: number,
  rowId: number,
  index: number,
): Promise<{ position: number | null }> {
  // An index-only range: the rows just before and at `index`, the mover left out.
  const neighbours = await db
    .selectFrom(table)
    .select('position')
    .where(scopeOf(table), '=', scopeId)
    .where('id', '<>', rowId)
    .orderBy('position')
    .orderBy('id')
    .limit(index === 0 ? 1 : 2)
    .offset(index === 0 ? 0 : index - 1)
    .execute();
  const before = index === 0 ? undefined : neighbours[0]?.position;
  const after = index === 0 ? neighbours[0]?.position : neighbours[1]?.position;
  if (before === undefined && after === undefined) {
    // Past the end (or an empty scope): after the last row.
    const end = await lastPosition(db, table, scopeId, rowId);
    return fits(end === null ? 0 : end + POSITION_GAP);
  }
  if (after === undefined) return fits(Number(before) + POSITION_GAP);
  if (before === undefined) return fits(Number(after) - POSITION_GAP);
  const low = Number(before);
  const high = Number(after);
  return high - low >= 2 ? { position: Math.floor((low + high) / 2) } : { position: null };
}

const fits = (position: number) => ({ position: Math.abs(position) <= LIMIT ? position : null });

async function lastPosition(db: Db, table: Ordered, scopeId: number, rowId: number) {
  const row = await db
    .selectFrom(table)
    .select('position')
    .where(scopeOf(table), '=', scopeId)
    .where('id', '<>', rowId)
    .orderBy('position', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.position) : null;
}

/** Spreads the scope's rows (but `exceptId`) 1,024 apart in their current order: one statement. */
export async function renumber(db: Db, table: Ordered, scopeId: number, exceptId = 0): Promise<void> {
  const scope = sql.ref(scopeOf(table));
  const name = sql.table(table);
  await sql`
    update ${name} set position = ranked.n * ${sql.lit(POSITION_GAP)}
    from (
      select id, row_number() over (order by position, id) as n
      from ${name} where ${scope} = ${scopeId} and id <> ${exceptId}
    ) as ranked
    where ${name}.id = ranked.id`.execute(db);
}
