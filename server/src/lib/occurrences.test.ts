/**
 * A long-running series read far from its start: moving the rule's start forward by whole periods
 * (ruleNear) must give exactly the occurrences that walking from the first one gives (RFC 5545's:
 * the start always first, counted in COUNT); and plain daily and weekly rules, counted out by
 * arithmetic, exactly what `rrule` gives.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import rrulePackage from 'rrule';
import { floating } from './zoned-time';
import { isUsableRule, lastStartOf, occurrencesIn, ruleOf, type Series, wallsBetween } from './occurrences';

const zone = 'Europe/Paris';
type Rule = InstanceType<typeof rrulePackage.RRule>;

/**
 * RFC 5545's floating starts of a rule up to `before`, walked from its start: the start first,
 * whether the rule makes it or not, and counted in COUNT (`rrule` leaves it out when the rule
 * does not make it).
 */
function rfcWalls(rule: Rule, before: Date): Date[] {
  const { dtstart, count } = rule.options;
  const walls = rule.between(dtstart, before, true);
  if (walls[0]?.getTime() !== dtstart.getTime() && dtstart <= before) {
    if (count !== null && walls.length === count) walls.pop();
    walls.unshift(dtstart);
  }
  return walls;
}

/** Every occurrence from the first, placed in the zone: the slow, obvious way. */
function walked(series: Series, from: number, to: number): number[] {
  const starts: number[] = [];
  for (const wall of rfcWalls(ruleOf(series), new Date(to + 3 * 86_400_000))) {
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
          const walked = wallsBetween(series, after, before, undefined, true).map((wall) => wall.getTime());
          expect(counted).toEqual(walked);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives exactly the starts rrule gives for a plain monthly or yearly rule, the 29th to the 31st and 29 February too', () => {
    const plain = fc
      .record({
        freq: fc.constantFrom('MONTHLY', 'YEARLY'),
        interval: fc.integer({ min: 1, max: 5 }),
        end: fc.oneof(
          fc.constant(''),
          fc.integer({ min: 1, max: 40 }).map((count) => `;COUNT=${count}`),
          fc
            .integer({ min: 0, max: 12 * 365 })
            .map(
              (days) =>
                `;UNTIL=${new Date(Date.UTC(2024, 0, 1) + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')}`,
            ),
        ),
      })
      .map(({ freq, interval, end }) => `FREQ=${freq}${interval > 1 ? `;INTERVAL=${interval}` : ''}${end}`);
    fc.assert(
      fc.property(
        plain,
        fc.constantFrom(...zones),
        fc.boolean(),
        // Any day of 2024–2027 (29 February 2024 among them), the month's last days more often.
        fc.oneof(
          fc.integer({ min: 0, max: 4 * 366 }),
          fc.constantFrom(59, 59 + 365 + 366, 30, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365),
        ),
        fc.integer({ min: 0, max: 96 * 1439 }),
        fc.integer({ min: -400, max: 12 * 365 }),
        fc.integer({ min: 1, max: 6 * 365 }),
        (recurrence, timeZone, allDay, startDay, minuteOfDay, fromDay, lengthDays) => {
          const day = Date.UTC(2024, 0, 1) + startDay * 86_400_000;
          const start = allDay ? day : day + (minuteOfDay % 1440) * 60_000;
          const series: Series = { start, end: start + 3_600_000, allDay, timeZone, recurrence };
          const after = new Date(Date.UTC(2024, 0, 1) + fromDay * 86_400_000);
          const before = new Date(after.getTime() + lengthDays * 86_400_000);
          const counted = wallsBetween(series, after, before).map((wall) => wall.getTime());
          const walked = wallsBetween(series, after, before, undefined, true).map((wall) => wall.getTime());
          expect(counted).toEqual(walked);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/**
 * D41: each window walks the rule from a start moved forward by whole periods (monthly and yearly
 * ones to the first of a month or year, a daily or weekly rule on days of the month as the yearly
 * rule of those days), a rule with COUNT as the same rule ending at its counted last start, and
 * every walk under a budget of periods. None of it may change an occurrence: the windows' starts
 * are compared with `rrule` walking the rule as written from its first start.
 */
describe('windows of any rule, against the rule walked from its start', () => {
  const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
  const part = (name: string, values: Array<string | number>) =>
    values.length > 0 ? `;${name}=${values.join(',')}` : '';
  const rule = fc
    .record({
      freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
      interval: fc.integer({ min: 1, max: 3 }),
      byday: fc.uniqueArray(fc.constantFrom(...weekdays), { maxLength: 3 }),
      nth: fc.constantFrom(0, 1, 2, -1, 4),
      bymonthday: fc.uniqueArray(fc.constantFrom(1, 13, 15, 28, 29, 30, 31, -1), { maxLength: 2 }),
      bymonth: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 2 }),
      bysetpos: fc.constantFrom(0, 1, -1, 2),
      end: fc.oneof(
        fc.constant(''),
        fc.integer({ min: 1, max: 200 }).map((count) => `;COUNT=${count}`),
        fc
          .integer({ min: 0, max: 3000 })
          .map(
            (days) =>
              `;UNTIL=${new Date(Date.UTC(2024, 0, 1) + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')}`,
          ),
      ),
    })
    .map(({ freq, interval, byday, nth, bymonthday, bymonth, bysetpos, end }) => {
      const ordinal = (freq === 'MONTHLY' || freq === 'YEARLY') && nth !== 0 ? String(nth) : '';
      const days = byday.map((day) => `${ordinal}${day}`);
      const setpos = bysetpos !== 0 && byday.length > 1 && !ordinal ? [bysetpos] : [];
      return `FREQ=${freq}${interval > 1 ? `;INTERVAL=${interval}` : ''}${part('BYDAY', days)}${part('BYMONTHDAY', bymonthday)}${part('BYMONTH', bymonth)}${part('BYSETPOS', setpos)}${end}`;
    });

  /** The rule as written, from its first start, no window and no budget. */
  function walkedWalls(series: Series, after: Date, before: Date): number[] {
    const text = series.recurrence!;
    const until = /UNTIL=(\d{8})/.exec(text)?.[1];
    const options = rrulePackage.RRule.parseString(text.replace(/;?UNTIL=\d{8}/, ''));
    const walked = new rrulePackage.RRule({
      ...options,
      dtstart: floating(series.start, series.allDay ? 'UTC' : series.timeZone),
      until: until
        ? new Date(
            Date.UTC(
              Number(until.slice(0, 4)),
              Number(until.slice(4, 6)) - 1,
              Number(until.slice(6, 8)),
              23,
              59,
              59,
            ),
          )
        : null,
    });
    return rfcWalls(walked, before)
      .filter((wall) => wall >= after)
      .map((wall) => wall.getTime());
  }

  it('gives the walked starts in any window of 2026–2030', async () => {
    await fc.assert(
      fc.asyncProperty(
        rule,
        fc.constantFrom('Europe/Paris', 'America/New_York', 'UTC'),
        fc.boolean(),
        fc.integer({ min: 0, max: 8 * 365 }),
        fc.integer({ min: 0, max: 4 * 365 }),
        fc.integer({ min: 1, max: 400 }),
        async (recurrence, timeZone, allDay, startDay, fromDay, lengthDays) => {
          const start = Date.UTC(2018, 0, 1, allDay ? 0 : 9, allDay ? 0 : 30) + startDay * 86_400_000;
          const bare: Series = { start, end: start + 3_600_000, allDay, timeZone, recurrence };
          fc.pre(isUsableRule(bare));
          const series: Series = { ...bare, lastStart: await lastStartOf(bare) };
          const after = new Date(Date.UTC(2026, 0, 1) + fromDay * 86_400_000);
          const before = new Date(after.getTime() + lengthDays * 86_400_000);
          const windowed = wallsBetween(series, after, before).map((wall) => wall.getTime());
          expect(windowed).toEqual(walkedWalls(series, after, before));
        },
      ),
      { numRuns: 300 },
    );
  });
});
