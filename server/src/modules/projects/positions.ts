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
import { prepared, preparedRows } from '../../db/prepared';

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

/** Per table, compiled once (a move runs them): `limit` rows from `offset`, the mover left out. */
const neighboursOf = (table: Ordered) =>
  preparedRows<{ position: number }, [scopeId: number, rowId: number, limit: number, offset: number]>((db) =>
    db
      .selectFrom(table)
      .select('position')
      .where(scopeOf(table), '=', 0)
      .where('id', '<>', 0)
      .orderBy('position')
      .orderBy('id')
      .limit(1)
      .offset(0),
  );
const neighbours = { board_lists: neighboursOf('board_lists'), board_items: neighboursOf('board_items') };

const lastOf = (table: Ordered) =>
  prepared<{ position: number }, [scopeId: number, rowId: number, limit: 1]>((db) =>
    db
      .selectFrom(table)
      .select('position')
      .where(scopeOf(table), '=', 0)
      .where('id', '<>', 0)
      .orderBy('position', 'desc')
      .orderBy('id', 'desc')
      .limit(1),
  );
const last = { board_lists: lastOf('board_lists'), board_items: lastOf('board_items') };

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
  /** The neighbours when the caller has read them already (under the same lock). */
  known?: Neighbours,
): Promise<Placed> {
  const first = known ? placeBetween(known) : await gapAt(db, table, scopeId, rowId, index);
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
  const rows = await neighbours[table](db, scopeId, rowId, index === 0 ? 1 : 2, index === 0 ? 0 : index - 1);
  const before = index === 0 ? null : (rows[0]?.position ?? null);
  const after = (index === 0 ? rows[0]?.position : rows[1]?.position) ?? null;
  // Past the end (or an empty scope): after the last row.
  const last = before === null && after === null ? await lastPosition(db, table, scopeId, rowId) : null;
  return placeBetween({ before, after, last });
}

/**
 * Around a place, the mover left out: the position just before it and just after it (null at an
 * end), and the scope's last position (read when both are null: the place is past the end).
 */
export interface Neighbours {
  before: number | null;
  after: number | null;
  last: number | null;
}

/** The midpoint of the neighbours, or null when they are adjacent or at the limit. */
export function placeBetween({ before, after, last }: Neighbours): { position: number | null } {
  if (before === null && after === null) return fits(last === null ? 0 : Number(last) + POSITION_GAP);
  if (after === null) return fits(Number(before) + POSITION_GAP);
  if (before === null) return fits(Number(after) - POSITION_GAP);
  const low = Number(before);
  const high = Number(after);
  return high - low >= 2 ? { position: Math.floor((low + high) / 2) } : { position: null };
}

const fits = (position: number) => ({ position: Math.abs(position) <= LIMIT ? position : null });

async function lastPosition(db: Db, table: Ordered, scopeId: number, rowId: number) {
  const row = await last[table](db, scopeId, rowId, 1);
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
