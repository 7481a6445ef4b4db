/**
 * A long-running series read far from its start: moving the rule's start forward by whole periods
 * (ruleNear) must give exactly the occurrences that walking from the first one gives; and plain
 * daily and weekly rules, counted out by arithmetic, exactly what `rrule` gives.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { occurrencesIn, ruleOf, type Series, wallsBetween } from './occurrences';

const zone = 'Europe/Paris';

/** Every occurrence from the first, placed in the zone: the slow, obvious way. */
function walked(series: Series, from: number, to: number): number[] {
  const starts: number[] = [];
  for (const wall of ruleOf(series).between(
    new Date(Date.UTC(2000, 0, 1)),
    new Date(to + 3 * 86_400_000),
    true,
  )) {
    const start = DateTime.fromObject(
      {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
      },
      { zone },
    ).toMillis();
    if (start < to && start + (series.end - series.start) > from) starts.push(start);
  }
  return starts;
}

describe('occurrencesIn far from the series start', () => {
  const start = DateTime.fromISO('2020-01-06T09:00', { zone }).toMillis();
  it.each([
    'FREQ=WEEKLY;BYDAY=MO,WE',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR',
    'FREQ=WEEKLY;INTERVAL=3;WKST=SU;BYDAY=SU,MO',
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270301',
    'FREQ=WEEKLY;COUNT=400',
    'FREQ=WEEKLY',
    'FREQ=DAILY;INTERVAL=2;UNTIL=20261015T120000Z',
    'FREQ=MONTHLY;BYDAY=2TH',
  ])('%s gives the walked occurrences', (recurrence) => {
    const series: Series = { start, end: start + 3_600_000, allDay: false, timeZone: zone, recurrence };
    let seen = 0;
    for (const [from, to] of [
      ['2026-10-01', '2026-11-01'],
      ['2027-02-20', '2027-03-10'],
      ['2020-01-01', '2020-02-01'],
    ] as const) {
      const [a, b] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
      const expected = walked(series, a, b);
      expect(occurrencesIn(series, a, b, zone).map((span) => span.start)).toEqual(expected);
      seen += expected.length;
    }
    expect(seen).toBeGreaterThan(1);
  });
});

describe('plain daily and weekly rules, counted out', () => {
  const zones = ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
  const rule = fc
    .record({
      freq: fc.constantFrom('DAILY', 'WEEKLY'),
      interval: fc.integer({ min: 1, max: 4 }),
      end: fc.oneof(
        fc.constant(''),
        fc.integer({ min: 1, max: 60 }).map((count) => `;COUNT=${count}`),
        fc
          .integer({ min: 0, max: 400 })
          .map(
            (days) =>
              `;UNTIL=${new Date(Date.UTC(2026, 8, 1) + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')}`,
          ),
        fc
          .integer({ min: 0, max: 400 * 24 })
          .map(
            (hours) =>
              `;UNTIL=${new Date(Date.UTC(2026, 8, 1) + hours * 3_600_000).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
          ),
      ),
    })
    .map(({ freq, interval, end }) => `FREQ=${freq}${interval > 1 ? `;INTERVAL=${interval}` : ''}${end}`);

  it('gives exactly the starts rrule gives, in any zone and window', () => {
    fc.assert(
      fc.property(
        rule,
        fc.constantFrom(...zones),
        fc.boolean(),
        fc.integer({ min: 0, max: 200 * 96 }),
        fc.integer({ min: -30 * 96, max: 300 * 96 }),
        fc.integer({ min: 1, max: 60 * 96 }),
        (recurrence, timeZone, allDay, startQuarter, fromQuarter, lengthQuarters) => {
          const quarter = 15 * 60_000;
          const base = Date.UTC(2026, 8, 1);
          const start = allDay
            ? base + Math.floor(startQuarter / 96) * 86_400_000
            : base + startQuarter * quarter;
          const series: Series = { start, end: start + 3_600_000, allDay, timeZone, recurrence };
          const after = new Date(base + fromQuarter * quarter);
          const before = new Date(after.getTime() + lengthQuarters * quarter);
          const counted = wallsBetween(series, after, before).map((wall) => wall.getTime());
          const walked = wallsBetween(series, after, before, true).map((wall) => wall.getTime());
          expect(counted).toEqual(walked);
        },
      ),
      { numRuns: 500 },
    );
  });
});
