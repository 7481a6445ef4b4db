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

/**
 * Rules that repeat by the hour or by the minute (D49: a calendar app may write them, and they are
 * kept). They step on wall-clock times, as the daily ones do; a time that a spring-forward gap
 * does not have is read with the offset before the gap (RFC 5545 §3.3.5), and where that is a
 * time the rule also makes, counted once; the hour an autumn change repeats comes once.
 */
describe('rules within a day', () => {
  const at = (local: string, timeZone = zone) => DateTime.fromISO(local, { zone: timeZone }).toMillis();
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

  it('an hourly series across both of Paris’s changes of offset', () => {
    const start = at('2026-03-28T23:00');
    const series: Series = {
      start,
      end: start + 15 * 60_000,
      allDay: false,
      timeZone: zone,
      recurrence: 'FREQ=HOURLY',
    };
    const spring = occurrencesIn(
      series,
      Date.parse('2026-03-28T23:30Z'),
      Date.parse('2026-03-29T03:00Z'),
      zone,
    );
    // 01:00 CET, then 03:00 CEST (02:00 does not exist), 04:00, 05:00: one an hour of real time.
    expect(spring.map((span) => iso(span.start))).toEqual([
      '2026-03-29T00:00',
      '2026-03-29T01:00',
      '2026-03-29T02:00',
    ]);
    const autumn = occurrencesIn(
      series,
      Date.parse('2026-10-24T22:30Z'),
      Date.parse('2026-10-25T03:00Z'),
      zone,
    );
    // 01:00 CEST, 02:00, 03:00 CET: the repeated 02:00 comes once, placed as luxon places it, at
    // its second (as ical.js does), like a daily series' 02:00 that day.
    expect(autumn.map((span) => iso(span.start))).toEqual([
      '2026-10-24T23:00',
      '2026-10-25T01:00',
      '2026-10-25T02:00',
    ]);
  });

  it('every 30 minutes through the gap counts 03:00 once', () => {
    const start = at('2026-03-29T01:00');
    const series: Series = {
      start,
      end: start + 60_000,
      allDay: false,
      timeZone: zone,
      recurrence: 'FREQ=MINUTELY;INTERVAL=30;COUNT=6',
    };
    const spans = occurrencesIn(series, start, start + 86_400_000, zone);
    // 01:00, 01:30, 02:00→03:00, 02:30→03:30, 03:00 (already), 03:30 (already): COUNT's six walls.
    expect(spans.map((span) => iso(span.start))).toEqual([
      '2026-03-29T00:00',
      '2026-03-29T00:30',
      '2026-03-29T01:00',
      '2026-03-29T01:30',
    ]);
  });

  it('refuses, without walking, times an interval can never land on', () => {
    const start = at('2026-12-01T09:00');
    const base = { start, end: start + 60_000, allDay: false, timeZone: zone };
    const began = performance.now();
    for (const recurrence of [
      'FREQ=MINUTELY;INTERVAL=60;BYMINUTE=30',
      'FREQ=HOURLY;INTERVAL=2;BYHOUR=10,12',
      'FREQ=MINUTELY;INTERVAL=120;BYHOUR=10',
      'FREQ=HOURLY;BYSETPOS=1',
    ]) {
      expect(isUsableRule({ ...base, recurrence }), recurrence).toBe(false);
    }
    for (const recurrence of ['FREQ=MINUTELY;INTERVAL=60;BYMINUTE=0', 'FREQ=HOURLY;INTERVAL=2;BYHOUR=11,13'])
      expect(isUsableRule({ ...base, recurrence }), recurrence).toBe(true);
    // Days that never come: looked for ten years in a budget of days, not of minutes.
    expect(isUsableRule({ ...base, recurrence: 'FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30' })).toBe(false);
    expect(performance.now() - began).toBeLessThan(1000);
  });

  const rule = fc
    .record({
      freq: fc.constantFrom('HOURLY', 'MINUTELY'),
      interval: fc.constantFrom(1, 2, 3, 5, 7, 15, 30, 45, 90),
      byday: fc.uniqueArray(fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'), { maxLength: 3 }),
      byhour: fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 4 }),
      byminute: fc.uniqueArray(fc.constantFrom(0, 7, 15, 30, 45, 59), { maxLength: 3 }),
      bymonthday: fc.uniqueArray(fc.constantFrom(1, 13, 29, 31, -1), { maxLength: 2 }),
      end: fc.oneof(
        fc.constant(''),
        fc.integer({ min: 1, max: 1000 }).map((count) => `;COUNT=${count}`),
        fc
          .integer({ min: 0, max: 60 * 24 })
          .map(
            (hours) =>
              `;UNTIL=${new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
          ),
      ),
    })
    .map(({ freq, interval, byday, byhour, byminute, bymonthday, end }) => {
      const part = (name: string, values: Array<string | number>) =>
        values.length > 0 ? `;${name}=${values.join(',')}` : '';
      return `FREQ=${freq}${interval > 1 ? `;INTERVAL=${interval}` : ''}${part('BYDAY', byday)}${part('BYMONTHDAY', bymonthday)}${part('BYHOUR', byhour)}${part('BYMINUTE', byminute)}${end}`;
    });

  /**
   * RFC 5545's reading of such a rule, step by step from the start on floating times: every
   * INTERVAL hours or minutes, kept where BYDAY, BYMONTHDAY and BYHOUR (and for minutes BYMINUTE)
   * allow, an hour's step spread over its BYMINUTE; the start first; COUNT and UNTIL.
   */
  function steppedWalls(text: string, dtstart: Date, timeZone: string, before: Date): number[] {
    const parts = new Map(text.split(';').map((part) => part.split('=') as [string, string]));
    const list = (name: string) => parts.get(name)?.split(',');
    const numbers = (name: string) => list(name)?.map(Number);
    const hourly = parts.get('FREQ') === 'HOURLY';
    const step = Number(parts.get('INTERVAL') ?? 1) * (hourly ? 3_600_000 : 60_000);
    const [days, monthDays, hours, minutes] = [
      list('BYDAY'),
      numbers('BYMONTHDAY'),
      numbers('BYHOUR'),
      numbers('BYMINUTE'),
    ];
    const count = parts.has('COUNT') ? Number(parts.get('COUNT')) : Infinity;
    const untilText = parts.get('UNTIL');
    const until = untilText
      ? floating(
          Date.UTC(
            +untilText.slice(0, 4),
            +untilText.slice(4, 6) - 1,
            +untilText.slice(6, 8),
            +untilText.slice(9, 11),
            +untilText.slice(11, 13),
          ),
          timeZone,
        ).getTime()
      : Infinity;
    const dayCodes = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
    const keeps = (at: Date) => {
      const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
      const monthDay = at.getUTCDate();
      return (
        (!days || days.includes(dayCodes[at.getUTCDay()]!)) &&
        (!monthDays || monthDays.some((day) => day === monthDay || day === monthDay - last - 1)) &&
        (!hours || hours.includes(at.getUTCHours())) &&
        (hourly || !minutes || minutes.includes(at.getUTCMinutes()))
      );
    };
    const walls = [dtstart.getTime()];
    for (
      let time = dtstart.getTime();
      walls.length < count && time <= before.getTime() + step;
      time += step
    ) {
      const at = new Date(time);
      if (!keeps(at)) continue;
      const hourStart = time - at.getUTCMinutes() * 60_000;
      const made =
        hourly && minutes
          ? [...minutes].sort((a, b) => a - b).map((minute) => hourStart + minute * 60_000)
          : [time];
      for (const wall of made) {
        if (wall <= dtstart.getTime() || walls.length >= count) continue;
        if (wall > until || wall > before.getTime()) break;
        walls.push(wall);
      }
    }
    return walls.filter((wall) => wall <= before.getTime());
  }

  it('gives the starts stepped from the first in any window, across changes of offset', async () => {
    let withSeveral = 0;
    await fc.assert(
      fc.asyncProperty(
        rule,
        fc.constantFrom('Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'UTC'),
        fc.integer({ min: 0, max: 60 * 24 * 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 20 }),
        async (recurrence, timeZone, startMinute, fromDay, lengthDays) => {
          const start = Date.UTC(2025, 11, 1) + startMinute * 60_000;
          const bare: Series = { start, end: start + 600_000, allDay: false, timeZone, recurrence };
          fc.pre(isUsableRule(bare));
          const series: Series = { ...bare, lastStart: await lastStartOf(bare) };
          const after = new Date(Date.UTC(2026, 0, 1) + fromDay * 86_400_000);
          const before = new Date(after.getTime() + lengthDays * 86_400_000);
          const windowed = wallsBetween(series, after, before, 100_000).map((wall) => wall.getTime());
          const expected = steppedWalls(recurrence, floating(start, timeZone), timeZone, before)
            .filter((wall) => wall >= after.getTime())
            .map((wall) => wall);
          expect(windowed).toEqual(expected);
          if (expected.length > 1) withSeveral += 1;
        },
      ),
      { numRuns: 300 },
    );
    // Many runs see several occurrences, not only rules that the window or the rule leave empty.
    expect(withSeveral).toBeGreaterThan(50);
  });
});
