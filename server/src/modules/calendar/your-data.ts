/**
 * The calendar's part of "your data": the user's events with their guests and
 * exceptions, those they are a guest of, their calendar's entries and its feed; the account's
 * deletion takes them, their place on others' events, and the entries others' calendars hold of
 * the user's events and meetings.
 */
import type { YourDataExport } from '@cadence/contract';
import type { OperandExpression } from 'kysely';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { othersOn } from '../../lib/list-versions';
import { peopleNamed } from '../users/your-data';

export async function exportCalendar(
  db: Db,
  userId: number,
): Promise<
  Pick<YourDataExport, 'events' | 'calendarEntries'> & {
    calendarFeed: YourDataExport['account']['calendarFeed'];
  }
> {
  const feed = await db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
  const exceptions = await db
    .selectFrom('event_exceptions')
    .innerJoin('events', 'events.id', 'event_exceptions.event_id')
    .selectAll('event_exceptions')
    .where('events.owner_id', '=', userId)
    .orderBy('event_exceptions.event_id')
    .orderBy('event_exceptions.occurrence_at')
    .execute();
  const guests = await db
    .selectFrom('event_guests')
    .innerJoin('events', 'events.id', 'event_guests.event_id')
    .select([
      'event_guests.event_id',
      'event_guests.user_id',
      'events.owner_id',
      'events.title',
      'events.start_at',
      'events.end_at',
    ])
    .where((eb) => eb.or([eb('events.owner_id', '=', userId), eb('event_guests.user_id', '=', userId)]))
    .execute();
  const entries = await db.selectFrom('calendar_entries').selectAll().where('user_id', '=', userId).execute();
  const person = await peopleNamed(
    db,
    guests.flatMap((g) => [g.user_id, g.owner_id]),
  );
  return {
    calendarFeed: feed ? { createdAt: feed.created_at } : null,
    events: {
      owned: events.map((e) => ({
        _id: String(e.id),
        title: e.title,
        description: e.description,
        url: e.url,
        location: e.location,
        category: e.category,
        allDay: bool(e.all_day),
        start: e.start_at,
        end: e.end_at,
        timeZone: e.time_zone,
        recurrence: e.recurrence,
        reminder: e.reminder,
        uid: e.uid,
        createdAt: e.created_at,
        updatedAt: e.updated_at,
        guests: guests.filter((g) => g.event_id === e.id).map((g) => person(g.user_id)),
        exceptions: exceptions
          .filter((x) => x.event_id === e.id)
          .map((x) => ({
            occurrence: x.occurrence_at,
            kind: x.kind,
            title: x.title,
            description: x.description,
            url: x.url,
            location: x.location,
            category: x.category,
            allDay: x.all_day === null ? null : bool(x.all_day),
            start: x.start_at,
            end: x.end_at,
            reminder: x.reminder,
          })),
      })),
      guestOf: guests
        .filter((g) => g.user_id === userId && g.owner_id !== userId)
        .map((g) => ({
          _id: String(g.event_id),
          title: g.title,
          start: g.start_at,
          end: g.end_at,
          owner: person(g.owner_id),
        })),
    },
    calendarEntries: entries.map((e) => ({
      kind: e.kind,
      sourceId: String(e.source_id),
      start: e.start_at,
      end: e.end_at,
    })),
  };
}

/** The ids of the user's events, which others' calendars, reminders and notifications may point at. */
export function ownedEventIds(trx: Db, userId: number) {
  return trx.selectFrom('events').select('id').where('owner_id', '=', userId);
}

/**
 * Other people's calendar entries of the user's events and meetings (no foreign key can point at
 * them: `source_id` names one table or the other by `kind`).
 */
export async function eraseEntriesOf(
  trx: Db,
  sources: { event: OperandExpression<number>; meeting: OperandExpression<number> },
): Promise<void> {
  await trx
    .deleteFrom('calendar_entries')
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'event'), eb('source_id', 'in', sources.event)]),
        eb.and([eb('kind', '=', 'meeting'), eb('source_id', 'in', sources.meeting)]),
      ]),
    )
    .execute();
}

/**
 * Takes the user's events, their place on others', their calendar's entries and its feed; answers
 * who else had those events in their calendars (owners and guests), whose lists must be read afresh.
 */
export async function eraseCalendar(trx: Db, userId: number): Promise<number[]> {
  const people = await trx
    .selectFrom('event_guests')
    .innerJoin('events', 'events.id', 'event_guests.event_id')
    .select(['event_guests.user_id', 'events.owner_id'])
    .where((eb) =>
      eb.or([
        eb('events.owner_id', '=', userId),
        eb(
          'event_guests.event_id',
          'in',
          trx.selectFrom('event_guests').select('event_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .execute();
  await trx.deleteFrom('event_guests').where('user_id', '=', userId).execute();
  await trx.deleteFrom('events').where('owner_id', '=', userId).execute();
  await trx.deleteFrom('calendar_entries').where('user_id', '=', userId).execute();
  await trx.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  return othersOn(people, userId);
}
