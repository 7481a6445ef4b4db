/**
 * A calendar range reads with one range of the (user, is_long, start) index for the short events
 * and one for the repeating and long ones, whatever the number of events: the plan of each query,
 * compiled from the builders the reads run, names the index and bounds it by start on both engines
 * (see test/query-plans.ts).
 */
import { expect, it } from 'vitest';
import { usePostgres, useTestApp } from '../../test/harness';
import { asRaw, expectIndexed } from '../../test/query-plans';
import { entryBounds, entryRange } from './entries';
import { guestsOfEvents } from './event-writes';
import { guestEvents } from './policy';
import { eventsById, rangeQueries } from './range';

const t = useTestApp();

/** On SQLite "start_at>? AND start_at<?" in the SEARCH; on PostgreSQL both bounds in the Index Cond. */
const boundedByStart = usePostgres
  ? /Index Cond: \(.*start_at >= .*start_at < /s
  : /calendar_entries_range \(user_id=\? AND kind=\? AND is_long=\? AND start_at>\? AND start_at<\?\)/;

// The range read's own queries, as it builds them (a month in November 2026, at most 5,000).
const range = () =>
  rangeQueries(
    t.database.db,
    1,
    Date.parse('2026-11-01T00:00:00.000Z'),
    Date.parse('2026-12-01T00:00:00.000Z'),
    5000,
  );

it.each(['singles', 'meetings'] as const)(
  'reads the %s of a range by a range of their start',
  async (name) => {
    const plan = await expectIndexed(t, asRaw(range()[name]), /^calendar/);
    expect(plan).toMatch(boundedByStart);
  },
);

it('reads the repeating and long events by an index range of the user’s entries', async () => {
  const plan = await expectIndexed(t, asRaw(range().long), /^calendar/);
  expect(plan).toMatch(
    usePostgres
      ? /Index Cond: \(\(user_id = /
      : /calendar_entries_range \(user_id=\? AND kind=\? AND is_long=\? AND start_at<\?\)/,
  );
});

it.each([
  ['the events of a range', () => eventsById(t.database.db, [1, 2])],
  ['their guests', () => guestsOfEvents(t.database.db, [1, 2])],
  [
    'the events a user is a guest of',
    () =>
      t.database.db
        .selectFrom('events')
        .select('events.id')
        .where((eb) => guestEvents(eb, 1)),
  ],
  [
    'an event’s entries, rewritten',
    () => t.database.db.deleteFrom('calendar_entries').where('kind', '=', 'event').where('source_id', '=', 1),
  ],
])('%s is served by an index', async (_name, query) => {
  await expectIndexed(t, asRaw(query()), /^(event|calendar)/);
});

/** On SQLite "calendar_entries_source (kind=? AND source_id=?)"; on PostgreSQL the same index. */
const bySource = usePostgres
  ? /calendar_entries_source on calendar_entries.*\n\s+Index Cond: \(\(kind = .*source_id = ANY/s
  : /calendar_entries_source \(kind=\? AND source_id=\?\)/;

it.each([
  ['short', false],
  ['repeating and long', true],
] as const)(
  'reads the %s entries of the events changed (a mend, D71) by their source, whatever the number of people',
  async (_name, isLong) => {
    const people = Array.from({ length: 21 }, (_, i) => i + 1);
    const changed = Array.from({ length: 21 }, (_, i) => 100 + i);
    const from = Date.parse('2026-10-12T00:00:00.000Z');
    const to = Date.parse('2026-11-09T00:00:00.000Z');
    const query = entryRange(t.database.db, people, entryBounds(from, to), 'event', isLong, changed).select(
      'calendar_entries.source_id',
    );
    expect(await expectIndexed(t, asRaw(query), /^calendar/)).toMatch(bySource);
    // The events behind them, joined as busyOf joins them.
    const joined = entryRange(t.database.db, people, entryBounds(from, to), 'event', isLong, changed)
      .innerJoin('events', 'events.id', 'calendar_entries.source_id')
      .select(['events.id', 'events.start_at']);
    expect(await expectIndexed(t, asRaw(joined), /^(calendar|events)/)).toMatch(bySource);
  },
);
