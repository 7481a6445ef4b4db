/**
 * The calendar as CalDAV's backend (D43, D49): the events of a user's collections, found by id,
 * resource name or UID, and an event written as a client sent it. modules/dav/ serves them.
 */
import { CALENDAR_EVENTS_PER_USER_MAX } from '@cadence/contract';
import type { Db } from '../../db';
import { transaction } from '../../db/transaction';
import { badRequest } from '../../errors';
import { bumpListVersions, davNameOf } from '../../lib/list-versions';
import { chunks, entriesOf, iso } from './entries';
import {
  type CalendarDeps,
  eventColumns,
  exceptionRowsOf,
  mailGuests,
  now,
  ownedCount,
} from './event-writes';
import { type ExceptionRow, exceptionsOf } from './exceptions';
import type { ImportedEvent } from './ics-event';
import { replaceSeries } from './import';
import { authorizeEvent, guestEvents, ownEvents } from './policy';
import type { EventRow } from './presenter';

export class DavEvents {
  constructor(private readonly deps: CalendarDeps) {}

  /**
   * An event as a CalDAV client sent it (D43): a new one under the client's resource name, or the
   * user's own event `id` replaced by it whole (its guests stay, and are told of the change).
   * Checked as an import checks it (readIcs), authorized by the events' policy. Its text is kept
   * with the fields it gave (D49: `keep` makes the note of them).
   */
  async putDavEvent(
    userId: number,
    event: ImportedEvent,
    target: { id: number } | { name: string },
    kept: { text: string; fieldsOf: (row: EventRow, exceptions: ExceptionRow[]) => string },
  ): Promise<EventRow> {
    const fields = { ...event, lastStart: event.lastStart === null ? null : iso(event.lastStart) };
    return transaction(this.deps.db, async (trx) => {
      const tell = { live: this.deps.live, actor: userId };
      const keep = async (row: EventRow) => {
        const exceptions = (await exceptionsOf(trx, [row.id])).get(row.id) ?? [];
        await trx
          .updateTable('events')
          .set({ dav_text: kept.text, dav_fields: kept.fieldsOf(row, exceptions) })
          .where('id', '=', row.id)
          .execute();
      };
      if ('id' in target) {
        // The owner's alone (a guest's change is refused there), locked for this transaction.
        await authorizeEvent(trx, userId, target.id, 'change', { lock: this.deps.engine });
        const { row, guests } = await replaceSeries(this.deps, trx, userId, { ...fields, id: target.id });
        await keep(row);
        await bumpListVersions(trx, [userId, ...guests], 'calendar', tell, [row]);
        await mailGuests(this.deps, trx, row, guests, { changed: guests });
        return row;
      }
      if ((await ownedCount(trx, userId)) >= CALENDAR_EVENTS_PER_USER_MAX) {
        throw badRequest('LIMIT_REACHED', 'calendar.eventsLimit');
      }
      const at = now();
      const row = await trx
        .insertInto('events')
        .values({
          owner_id: userId,
          ...eventColumns(fields),
          dav_name: target.name,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const exceptions = exceptionRowsOf(row.id, fields.changes, at);
      for (const part of chunks(exceptions, 200))
        await trx.insertInto('event_exceptions').values(part).execute();
      await trx
        .insertInto('calendar_entries')
        .values(entriesOf(row, [userId], exceptions))
        .execute();
      await keep(row);
      await this.deps.reminders.syncEvent(trx, row.id);
      await bumpListVersions(trx, [userId], 'calendar', tell, [row]);
      return row;
    });
  }

  /**
   * The events of one of the user's CalDAV collections (D43): `events` those they own, `shared`
   * those they are a guest of; all, or only these ids, or only those whose series meets [from, to);
   * by id, a page of `limit` after the id `after` when asked.
   */
  davEvents(
    userId: number,
    collection: 'events' | 'shared',
    only: DavEventsSelection = {},
  ): Promise<EventRow[]> {
    return davEventsQuery(this.deps.db, userId, collection, only).execute();
  }

  /** The user's own event under this CalDAV resource name, if any. */
  davEventNamed(userId: number, name: string): Promise<EventRow | undefined> {
    return this.deps.db
      .selectFrom('events')
      .selectAll()
      .where('owner_id', '=', userId)
      .where('dav_name', '=', name)
      .executeTakeFirst();
  }

  /** The ids of the user's own events under these CalDAV resource names. */
  async davEventIdsNamed(userId: number, names: string[]): Promise<number[]> {
    if (names.length === 0) return [];
    const rows = await this.deps.db
      .selectFrom('events')
      .select('id')
      .where('owner_id', '=', userId)
      .where('dav_name', 'in', names)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Another of the user's events with this UID (CalDAV's no-uid-conflict): its resource name. */
  async uidTaken(userId: number, uid: string, except?: number): Promise<string | undefined> {
    let query = this.deps.db
      .selectFrom('events')
      .select(['id', 'dav_name'])
      .where('owner_id', '=', userId)
      .where('uid', '=', uid);
    if (except !== undefined) query = query.where('id', '!=', except);
    const row = await query.executeTakeFirst();
    return row && davNameOf(row);
  }
}

export interface DavEventsSelection {
  ids?: number[];
  from?: string;
  to?: string;
  after?: number;
  limit?: number;
}

/** The query of `davEvents`, built (the query-plan tests compile it). */
export function davEventsQuery(
  db: Db,
  userId: number,
  collection: 'events' | 'shared',
  only: DavEventsSelection,
) {
  let query = db
    .selectFrom('events')
    .selectAll('events')
    .where((eb) => (collection === 'events' ? ownEvents(eb, userId) : guestEvents(eb, userId)));
  if (only.ids) query = query.where('events.id', 'in', only.ids.length > 0 ? only.ids : [0]);
  if (only.from !== undefined || only.to !== undefined) {
    query = query.where('events.id', 'in', (eb) => {
      let entries = eb
        .selectFrom('calendar_entries')
        .select('calendar_entries.source_id')
        .where('calendar_entries.user_id', '=', userId)
        .where('calendar_entries.kind', '=', 'event');
      if (only.to !== undefined) entries = entries.where('calendar_entries.start_at', '<', only.to);
      if (only.from !== undefined) entries = entries.where('calendar_entries.end_at', '>', only.from);
      return entries;
    });
  }
  if (only.after !== undefined) query = query.where('events.id', '>', only.after);
  if (only.limit !== undefined) query = query.limit(only.limit);
  return query.orderBy('events.id');
}
