/**
 * Booking pages' part of "your data" (D44): the user's booking types, and the bookings
 * made through them or that the user hosts through someone else's, with their hosts; never the
 * hash of a visitor's manage link. The account's deletion takes the types, the bookings through
 * them (with what others' bells hold of those), and the user's place among the hosts of others'.
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import { withdrawNotifications } from '../notifications/notify';
import { peopleNamed } from '../users/your-data';

/** The bell's kinds whose `source_id` is a booking. */
const BOOKING_KINDS = ['booking-new', 'booking-rescheduled', 'booking-cancelled'] as const;

export async function exportBooking(
  db: Db,
  userId: number,
): Promise<Pick<YourDataExport, 'bookingTypes' | 'bookings'>> {
  const types = await db
    .selectFrom('booking_types')
    .selectAll()
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
  // Every column but `token_hash`, a secret.
  const bookings = await db
    .selectFrom('bookings')
    .select([
      'id',
      'owner_id',
      'type_id',
      'title',
      'location',
      'uid',
      'sequence',
      'start_at',
      'end_at',
      'status',
      'name',
      'email',
      'note',
      'time_zone',
      'language',
      'cancel_reason',
      'created_at',
      'updated_at',
    ])
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', userId),
        eb('id', 'in', eb.selectFrom('booking_hosts').select('booking_id').where('user_id', '=', userId)),
      ]),
    )
    .orderBy('id')
    .execute();
  const hosts =
    bookings.length === 0
      ? []
      : await db
          .selectFrom('booking_hosts')
          .select(['booking_id', 'user_id'])
          .where(
            'booking_id',
            'in',
            bookings.map((b) => b.id),
          )
          .orderBy('booking_id')
          .orderBy('user_id')
          .execute();
  const person = await peopleNamed(db, [...bookings.map((b) => b.owner_id), ...hosts.map((h) => h.user_id)]);
  return {
    bookingTypes: types.map((type) => ({
      _id: String(type.id),
      slug: type.slug,
      title: type.title,
      description: type.description,
      duration: type.duration,
      bufferBefore: type.buffer_before,
      bufferAfter: type.buffer_after,
      minNotice: type.min_notice,
      maxPerDay: type.max_per_day,
      rangeDays: type.range_days,
      location: type.location,
      mode: type.mode,
      group: type.group_id === null ? null : String(type.group_id),
      createdAt: type.created_at,
      updatedAt: type.updated_at,
    })),
    bookings: bookings.map((b) => ({
      _id: String(b.id),
      typeId: b.type_id === null ? null : String(b.type_id),
      owner: person(b.owner_id),
      title: b.title,
      location: b.location,
      start: b.start_at,
      end: b.end_at,
      status: b.status,
      name: b.name,
      email: b.email,
      note: b.note,
      timeZone: b.time_zone,
      language: b.language,
      cancelReason: b.cancel_reason,
      uid: b.uid,
      sequence: b.sequence,
      hosts: hosts.filter((h) => h.booking_id === b.id).map((h) => person(h.user_id)),
      createdAt: b.created_at,
      updatedAt: b.updated_at,
    })),
  };
}

/**
 * Takes the user's place among the hosts of others' bookings (those bookings stay, with their
 * other hosts), the bookings through the user's links with their hosts and what others' bells hold
 * of them, then the user's types. The events the bookings put in other hosts' calendars are
 * theirs and stay; the user's own go with their calendar.
 */
export async function eraseBooking(trx: Db, userId: number): Promise<void> {
  const owned = trx.selectFrom('bookings').select('id').where('owner_id', '=', userId);
  await trx.deleteFrom('booking_hosts').where('user_id', '=', userId).execute();
  await trx.deleteFrom('booking_hosts').where('booking_id', 'in', owned).execute();
  await withdrawNotifications(trx, BOOKING_KINDS, owned);
  await trx.deleteFrom('bookings').where('owner_id', '=', userId).execute();
  await trx.deleteFrom('booking_types').where('owner_id', '=', userId).execute();
}
