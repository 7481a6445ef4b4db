/**
 * A calendar range reads with one range of the (user, is_long, start) index for the short events
 * and one for the repeating and long ones, whatever the number of events: the plan names the
 * index and bounds it by start on both engines (see test/query-plans.ts).
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { usePostgres, useTestApp } from '../../test/harness';
import { asRaw, expectIndexed } from '../../test/query-plans';
import { entryBounds, entryRange } from './entries';

const t = useTestApp();
const no = usePostgres ? false : 0;
const yes = usePostgres ? true : 1;

/** On SQLite "start_at>? AND start_at<?" in the SEARCH; on PostgreSQL both bounds in the Index Cond. */
const boundedByStart = usePostgres
  ? /Index Cond: \(.*start_at >= .*start_at < /s
  : /calendar_entries_range \(user_id=\? AND kind=\? AND is_long=\? AND start_at>\? AND start_at<\?\)/;

it('reads the short events by a range of their start', async () => {
  const plan = await expectIndexed(
    t,
    sql`select source_id from calendar_entries where user_id = ${1} and is_long = ${no}
      and start_at >= ${'2026-11-23T10:00:00.000Z'} and start_at < ${'2026-12-01T14:00:00.000Z'}
      and end_at >= ${'2026-11-30T10:00:00.000Z'} and kind = ${'event'}`,
    /^calendar/,
  );
  expect(plan).toMatch(boundedByStart);
});

it('reads the repeating and long events by an index range of the user’s entries', async () => {
  const plan = await expectIndexed(
    t,
    sql`select source_id from calendar_entries where user_id = ${1} and is_long = ${yes}
      and start_at < ${'2026-12-01T14:00:00.000Z'} and end_at >= ${'2026-11-30T10:00:00.000Z'}
      and kind = ${'event'}`,
    /^calendar/,
  );
  expect(plan).toMatch(
    usePostgres
      ? /Index Cond: \(\(user_id = /
      : /calendar_entries_range \(user_id=\? AND kind=\? AND is_long=\? AND start_at<\?\)/,
  );
});

it.each([
  ['the events of a range', sql`select * from events where id in (${1}, ${2})`],
  [
    'their guests',
    sql`select event_id, user_id from event_guests where event_id in (${1}, ${2}) order by event_id, user_id`,
  ],
  ['the events a user is a guest of', sql`select event_id from event_guests where user_id = ${1}`],
  ['an event’s entries', sql`select * from calendar_entries where kind = ${'event'} and source_id = ${1}`],
])('%s is served by an index', async (_name, query) => {
  await expectIndexed(t, query, /^(event|calendar)/);
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
