/**
 * The calendar's side of availability's port (BusySource): when people are busy with events and
 * meetings, for meetings' searches and booking pages (D23, D71).
 */
import { bool } from '../../db/dialect';
import { dayStartIn } from '../../lib/occurrences';
import { seriesIndex } from '../../lib/series-index';
import type { BusyInterval, BusyReadOptions, BusySource } from '../availability/busy';
import {
  entriesIn,
  entryBounds,
  type EntryValues,
  overlaps,
  seriesExceptionsIn,
  seriesOf,
  seriesRowsIn,
} from './entries';
import type { CalendarDeps } from './event-writes';
import type { ExceptionRow } from './exceptions';

export class CalendarBusyTimes implements BusySource {
  constructor(private readonly deps: Pick<CalendarDeps, 'db'>) {}

  /**
   * When each of the users has an event (theirs or one they are a guest of) or a meeting (that
   * they organise or accepted) within [from, to): occurrences as intervals, all-day ones over
   * their days in that user's zone. One query of entries over the users' index ranges, one of
   * events; a meeting's entry is its interval. `exceptMeeting` is left out (when re-planning it).
   * For finding free times (D23); `db` is the transaction that sets a time, when one does. A
   * meeting's interval names it (`meeting`), an event's its event (`event`), so that kept busy
   * times can leave a meeting out or be mended where events changed (D71). `events`: only these
   * events' entries are read (and every meeting's), to mend kept busy times.
   */
  async busyOf(
    users: Array<{ id: number; timeZone: string }>,
    from: number,
    to: number,
    options: BusyReadOptions = {},
  ): Promise<Map<number, BusyInterval[]>> {
    const busy = new Map(users.map((user) => [user.id, [] as BusyInterval[]]));
    if (users.length === 0) return busy;
    const db = options.db ?? this.deps.db;
    const only = options.events;
    const ids = users.map((user) => user.id);
    const values: EntryValues = {
      users: ids,
      ...entryBounds(from, to),
      ...(only === undefined ? {} : { events: only.length > 0 ? [...only] : [0] }),
    };
    const entries = await entriesIn(db, values);
    // A short single event's entry is its span; only all-day ones need their days placed. The
    // repeating and long ones are read whole and expanded.
    const allDayIds = new Set<number>();
    const series = new Set<number>();
    for (const entry of entries) {
      if (entry.kind === 'event') {
        if (bool(entry.is_long)) series.add(entry.source_id);
        else if (bool(entry.all_day)) allDayIds.add(entry.source_id);
      } else if (entry.source_id !== options.exceptMeeting && overlaps(entry, from, to)) {
        busy.get(entry.user_id)!.push({
          start: Date.parse(entry.start_at),
          end: Date.parse(entry.end_at),
          meeting: entry.source_id,
        });
      }
    }
    // The events behind the entries, by the same ranges joined (no list of ids to send).
    const [rows, exceptionRows] = await Promise.all([
      series.size === 0 ? [] : seriesRowsIn(db, values),
      series.size === 0 ? [] : seriesExceptionsIn(db, values),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // By event, each once (an event on two of the users' calendars comes twice).
    const exceptions = new Map<number, ExceptionRow[]>();
    const seen = new Set<string>();
    for (const row of exceptionRows) {
      const key = `${row.event_id}|${row.occurrence_at}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = exceptions.get(row.event_id) ?? [];
      list.push(row);
      exceptions.set(row.event_id, list);
    }
    const zoneOf = new Map(users.map((user) => [user.id, user.timeZone]));
    const add = (userId: number, event: number, start: number, end: number, isAllDay: boolean) => {
      const zone = zoneOf.get(userId)!;
      const [from_, to_] = isAllDay ? [dayStartIn(start, zone), dayStartIn(end, zone)] : [start, end];
      if (to_ > from_ && from_ < to && to_ > from) busy.get(userId)!.push({ start: from_, end: to_, event });
    };
    for (const entry of entries) {
      if (entry.kind !== 'event') continue;
      if (!bool(entry.is_long)) {
        add(
          entry.user_id,
          entry.source_id,
          Date.parse(entry.start_at),
          Date.parse(entry.end_at),
          allDayIds.has(entry.source_id),
        );
        continue;
      }
      const row = byId.get(entry.source_id);
      if (!row) continue;
      const series = seriesOf(row, exceptions.get(row.id));
      const allDayAt = new Map(series.exceptions?.shown.map((extra) => [extra.occurrence, extra.allDay]));
      // From the index of series (D71): a series already expanded over these weeks is not again.
      for (const span of seriesIndex.occurrencesIn(row.id, series, from, to, zoneOf.get(entry.user_id)!)) {
        add(entry.user_id, row.id, span.start, span.end, allDayAt.get(span.occurrence) ?? bool(row.all_day));
      }
    }
    return busy;
  }
}
