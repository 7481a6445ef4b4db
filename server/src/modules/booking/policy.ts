/**
 * Who may do what with booking pages (D44): a booking type is its owner's alone (anyone else: 404);
 * a booking is seen and cancelled by the owner of the link it came through and by its hosts
 * (anyone else: 404); the visitor acts through the token of their manage link alone (an unknown
 * token: 404). A booking changes while it is confirmed and not begun (409 otherwise).
 */
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { Engine } from '../../db/dialect';
import type { BookingsTable, BookingTypesTable, Database } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { hashToken } from '../../lib/tokens';

export type TypeRow = Selectable<BookingTypesTable>;
export type BookingRow = Selectable<BookingsTable>;

/** The bookings through the user's links and those the user hosts. */
export function visibleBookings(eb: ExpressionBuilder<Database, 'bookings'>, userId: number) {
  return eb.or([
    eb('bookings.owner_id', '=', userId),
    eb(
      'bookings.id',
      'in',
      eb.selectFrom('booking_hosts').select('booking_id').where('user_id', '=', userId),
    ),
  ]);
}

/** The user's own booking type, or 404. */
export async function authorizeType(db: Db, userId: number, id: number): Promise<TypeRow> {
  const row = await db
    .selectFrom('booking_types')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A booking the user may see and cancel, locked for the transaction; or 404. */
export async function authorizeHostBooking(
  trx: Db,
  engine: Engine,
  userId: number,
  id: number,
): Promise<BookingRow> {
  const row = await engine
    .forNoKeyUpdate(
      trx
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', id)
        .where((eb) => visibleBookings(eb, userId)),
    )
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The booking a manage link's token names (locked when `engine` is given), or 404. */
export async function authorizeToken(db: Db, token: string, engine?: Engine): Promise<BookingRow> {
  const query = db.selectFrom('bookings').selectAll().where('token_hash', '=', hashToken(token));
  const row = await (engine ? engine.forNoKeyUpdate(query) : query).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Cancelling or moving: only a confirmed booking that has not begun (409 otherwise). */
export function checkOpen(row: BookingRow): void {
  if (row.status !== 'confirmed') throw conflict('BOOKING_CANCELLED', 'booking.cancelled');
  if (Date.parse(row.start_at) <= Date.now()) throw conflict('BOOKING_PAST', 'booking.past');
}
