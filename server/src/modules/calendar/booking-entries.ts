/**
 * What booking asks of the calendar (D44): a booking's events placed in its hosts' calendars,
 * freed from their busy times, moved or deleted, all in the booking's transaction.
 */
import type { Db } from '../../db';
import { bumpListVersions } from '../../lib/list-versions';
import { iso, rewriteEntries } from './entries';
import { type CalendarDeps, insertEvent, now } from './event-writes';
import type { EventRow } from './presenter';

export class BookingEntries {
  constructor(private readonly deps: Pick<CalendarDeps, 'reminders' | 'live'>) {}

  /**
   * A booking in each host's calendar: one timed event each, in the host's zone, without guests
   * (the visitor is named in its description). Answers each host's event id. The hosts' pages and
   * their CalDAV clients are told.
   */
  async placeBooking(
    trx: Db,
    hosts: Array<{ id: number; timeZone: string }>,
    fields: { title: string; description: string; location: string; start: number; end: number; uid: string },
  ): Promise<Map<number, number>> {
    const placed = new Map<number, number>();
    const rows: EventRow[] = [];
    for (const host of hosts) {
      const row = await insertEvent(this.deps, trx, host.id, [], null, {
        ...fields,
        url: '',
        category: 'Business',
        allDay: false,
        timeZone: host.timeZone,
        recurrence: null,
        reminder: null,
      });
      placed.set(host.id, row.id);
      rows.push(row);
    }
    await bumpListVersions(
      trx,
      hosts.map((host) => host.id),
      'calendar',
      { live: this.deps.live, actor: 0 },
      rows,
    );
    return placed;
  }

  /** Takes the booking's events off their calendars' entries, so that they are not busy (a move's check). */
  async freeBooking(trx: Db, eventIds: number[]): Promise<void> {
    if (eventIds.length === 0) return;
    await trx
      .deleteFrom('calendar_entries')
      .where('kind', '=', 'event')
      .where('source_id', 'in', eventIds)
      .execute();
  }

  /** The booking's events moved to a new time (SEQUENCE on), or (`start` null) deleted. */
  async moveBooking(
    trx: Db,
    eventIds: number[],
    times: { start: number; end: number } | null,
  ): Promise<void> {
    if (eventIds.length === 0) return;
    const rows = await trx.selectFrom('events').selectAll().where('id', 'in', eventIds).execute();
    for (const row of rows) {
      if (times === null) {
        await trx
          .deleteFrom('calendar_entries')
          .where('kind', '=', 'event')
          .where('source_id', '=', row.id)
          .execute();
        await this.deps.reminders.forgetEvent(trx, row.id);
        await trx.deleteFrom('events').where('id', '=', row.id).execute();
        continue;
      }
      await trx
        .updateTable('events')
        .set({
          start_at: iso(times.start),
          end_at: iso(times.end),
          sequence: row.sequence + 1,
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .execute();
      const moved = await trx
        .selectFrom('events')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      await rewriteEntries(trx, moved, [row.owner_id]);
      await this.deps.reminders.syncEvent(trx, row.id);
    }
    await bumpListVersions(
      trx,
      rows.map((row) => row.owner_id),
      'calendar',
      { live: this.deps.live, actor: 0 },
      rows,
    );
  }
}
