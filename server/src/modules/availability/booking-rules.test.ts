/**
 * The booking rules of the availability engine (D44: buffers, minimum notice, a daily maximum by
 * the person's own day) against a naive checker that asks, for every grid slot and every person,
 * every minute of the meeting against their working hours (luxon wall-clock time), every busy
 * interval against the meeting widened by the buffers, and every booking's day (luxon
 * startOf('day') in their zone) — on random people, zones, hours, events, bookings and ranges that
 * cross DST changes (fast-check); and hand-computed cases: buffers exactly touching, notice cutting
 * a day, a full day in the host's zone that is another day for the visitor, days of 23 and 25 hours.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { minutesOfTime as minutesOf, weekdays } from '@cadence/contract';
import {
  availableStarts,
  type BookingRules,
  bookableStarts,
  isBookableAt,
  type Participant,
  unionStarts,
  type WorkingInterval,
} from './engine';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dayKeys = new Map<string, number>();

/** The day of an instant in a zone, as luxon's start of that day (remembered: asked often). */
function dayKey(ms: number, zone: string): number {
  const key = `${zone} ${ms}`;
  let day = dayKeys.get(key);
  if (day === undefined) {
    day = DateTime.fromMillis(ms, { zone }).startOf('day').toMillis();
    if (dayKeys.size > 100_000) dayKeys.clear();
    dayKeys.set(key, day);
  }
  return day;
}

/** One person, one start, by the rules read literally. */
function naivePersonOk(person: Participant, t: number, duration: number, rules: BookingRules): boolean {
  for (const busy of person.busy ?? []) {
    if (busy.end <= busy.start) continue;
    if (busy.start < t + duration + rules.bufferAfter && busy.end > t - rules.bufferBefore) return false;
  }
  if (rules.maxPerDay !== null) {
    const day = dayKey(t, person.timeZone);
    const count = (person.booked ?? []).filter((b) => dayKey(b, person.timeZone) === day).length;
    if (count >= rules.maxPerDay) return false;
  }
  for (let m = t; m < t + duration; m += MINUTE) {
    const local = DateTime.fromMillis(m, { zone: person.timeZone });
    const day = weekdays[local.weekday - 1];
    const minute = local.hour * 60 + local.minute;
    if (!person.hours.some((h) => h.day === day && h.from <= minute && minute < h.to)) return false;
  }
  return true;
}

function naiveBookable(people: Participant[], t: number, duration: number, rules: BookingRules): boolean {
  return t >= rules.earliest && people.every((person) => naivePersonOk(person, t, duration, rules));
}

/** Every grid slot, every person, every minute, every event, every booking. */
function naiveStarts(
  people: Participant[],
  from: number,
  to: number,
  duration: number,
  step: number,
  rules: BookingRules,
): number[] {
  const starts: number[] = [];
  for (let t = Math.ceil(from / step) * step; t + duration <= to; t += step) {
    if (naiveBookable(people, t, duration, rules)) starts.push(t);
  }
  return starts;
}

const allDay: WorkingInterval[] = weekdays.map((day) => ({ day, from: 0, to: 24 * 60 }));

const zones = ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];

const workingInterval = fc
  .record({
    day: fc.constantFrom(...weekdays),
    from: fc.integer({ min: 0, max: 95 }),
    length: fc.integer({ min: 4, max: 60 }),
  })
  .map(({ day, from, length }): WorkingInterval => ({
    day,
    from: from * 15,
    to: Math.min(96, from + length) * 15,
  }));

/**
 * Ranges of a few days around the changes of 2026: Europe (29 March, 25 October), the US (8 March,
 * 1 November), Lord Howe (half an hour, 5 April and 4 October); and quiet weeks.
 */
const rangeStarts = [
  Date.UTC(2026, 2, 6),
  Date.UTC(2026, 2, 27),
  Date.UTC(2026, 3, 3),
  Date.UTC(2026, 9, 2),
  Date.UTC(2026, 9, 23),
  Date.UTC(2026, 9, 30),
  Date.UTC(2026, 0, 12),
];

const noLimits: BookingRules = { bufferBefore: 0, bufferAfter: 0, earliest: -Infinity, maxPerDay: null };

const scenario = fc
  .record({
    rangeStart: fc.constantFrom(...rangeStarts),
    offsetHours: fc.integer({ min: 0, max: 47 }),
    days: fc.integer({ min: 1, max: 4 }),
    duration: fc.constantFrom(10, 25, 30, 45, 60, 90),
    step: fc.constantFrom(5, 15, 30, 60),
    bufferBefore: fc.constantFrom(0, 0, 5, 10, 15, 30, 60, 90),
    bufferAfter: fc.constantFrom(0, 0, 5, 10, 15, 30, 60, 90),
    // Minutes of notice from the start of the range, from a day before it to two days into it.
    notice: fc.option(fc.integer({ min: -24 * 12, max: 48 * 12 }), { nil: null }),
    maxPerDay: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 3 }),
    people: fc.array(
      fc.record({
        timeZone: fc.constantFrom(...zones),
        hours: fc.array(workingInterval, { minLength: 1, maxLength: 10 }),
        busy: fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 6 * 24 * 12 }),
            length: fc.integer({ min: 1, max: 36 }),
          }),
          { maxLength: 8 },
        ),
        // Bookings on the quarter hour from a day before the range to five days in.
        booked: fc.array(fc.integer({ min: -96, max: 5 * 96 }), { maxLength: 8 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map((s) => {
    const from = s.rangeStart + s.offsetHours * HOUR;
    const rules: BookingRules = {
      bufferBefore: s.bufferBefore * MINUTE,
      bufferAfter: s.bufferAfter * MINUTE,
      earliest: s.notice === null ? -Infinity : from + s.notice * 5 * MINUTE,
      maxPerDay: s.maxPerDay,
    };
    return {
      from,
      to: from + s.days * DAY,
      duration: s.duration * MINUTE,
      step: s.step * MINUTE,
      rules,
      people: s.people.map((person): Participant => ({
        timeZone: person.timeZone,
        hours: person.hours,
        busy: person.busy.map(({ at, length }) => ({
          start: s.rangeStart + at * 5 * MINUTE,
          end: s.rangeStart + (at + length) * 5 * MINUTE,
        })),
        booked: person.booked.map((quarter) => s.rangeStart + quarter * 15 * MINUTE),
      })),
    };
  });

describe('booking rules against the naive checker', () => {
  it('answers the same start instants on random people, zones, rules, bookings and DST changes', () => {
    let withTimes = 0;
    let narrowed = 0;
    fc.assert(
      fc.property(scenario, ({ people, from, to, duration, step, rules }) => {
        const expected = naiveStarts(people, from, to, duration, step, rules);
        if (expected.length > 0) withTimes += 1;
        if (expected.length < availableStarts(people, from, to, duration, step).length) narrowed += 1;
        expect(bookableStarts(people, from, to, duration, step, rules)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
    // Not a vacuous agreement on empty answers, and the rules did take times away.
    expect(withTimes).toBeGreaterThan(20);
    expect(narrowed).toBeGreaterThan(20);
  });

  it('takes away exactly the full days of each person’s zone, 23- and 25-hour days included', () => {
    // Round the clock and few events, so that the days' edges meet free time: the daily maximum decides.
    const fullDays = fc
      .record({
        rangeStart: fc.constantFrom(...rangeStarts),
        offsetHours: fc.integer({ min: 0, max: 47 }),
        days: fc.integer({ min: 2, max: 4 }),
        duration: fc.constantFrom(15, 30),
        step: fc.constantFrom(15, 30, 60),
        maxPerDay: fc.integer({ min: 1, max: 2 }),
        people: fc.array(
          fc.record({
            timeZone: fc.constantFrom(...zones),
            booked: fc.array(fc.integer({ min: -96, max: 6 * 96 }), { maxLength: 6 }),
          }),
          { minLength: 1, maxLength: 2 },
        ),
      })
      .map((s) => {
        const from = s.rangeStart + s.offsetHours * HOUR;
        return {
          from,
          to: from + s.days * DAY,
          duration: s.duration * MINUTE,
          step: s.step * MINUTE,
          rules: { ...noLimits, maxPerDay: s.maxPerDay },
          people: s.people.map((person): Participant => ({
            timeZone: person.timeZone,
            hours: allDay,
            busy: [],
            booked: person.booked.map((quarter) => s.rangeStart + quarter * 15 * MINUTE),
          })),
        };
      });
    let cut = 0;
    fc.assert(
      fc.property(fullDays, ({ people, from, to, duration, step, rules }) => {
        const expected = naiveStarts(people, from, to, duration, step, rules);
        if (expected.length < availableStarts(people, from, to, duration, step).length) cut += 1;
        expect(bookableStarts(people, from, to, duration, step, rules)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
    expect(cut).toBeGreaterThan(20);
  });

  it('says one start (on the grid or not) is bookable exactly when the naive checker does', () => {
    let yes = 0;
    fc.assert(
      fc.property(
        scenario,
        fc.array(fc.integer({ min: 0, max: 4 * 24 * 60 }), { minLength: 1, maxLength: 5 }),
        ({ people, from, to, duration, step, rules }, minutes) => {
          // Random minutes, and around the engine's own answers, where a minute decides.
          const found = bookableStarts(people, from, to, duration, step, rules).slice(0, 6);
          const starts = [
            ...minutes.map((m) => from + m * MINUTE),
            ...found.flatMap((t) => [t, t - MINUTE, t + MINUTE, t + step - MINUTE]),
          ];
          for (const start of starts) {
            const naive = naiveBookable(people, start, duration, rules);
            if (naive) yes += 1;
            expect(isBookableAt(people, start, duration, rules), new Date(start).toISOString()).toBe(naive);
          }
        },
      ),
      { numRuns: 150 },
    );
    expect(yes).toBeGreaterThan(50);
  });

  it('without rules, answers what availableStarts does', () => {
    fc.assert(
      fc.property(scenario, ({ people, from, to, duration, step }) => {
        expect(bookableStarts(people, from, to, duration, step, noLimits)).toEqual(
          availableStarts(people, from, to, duration, step),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('round-robin: the union of each host’s starts is every time some host is bookable', () => {
    fc.assert(
      fc.property(scenario, ({ people, from, to, duration, step, rules }) => {
        const union = unionStarts(
          people.map((person) => bookableStarts([person], from, to, duration, step, rules)),
        );
        const expected: number[] = [];
        for (let t = Math.ceil(from / step) * step; t + duration <= to; t += step) {
          if (people.some((person) => naiveBookable([person], t, duration, rules))) expected.push(t);
        }
        expect(union).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('unionStarts sorts and deduplicates', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: -50, max: 50 }))), (lists) => {
        const union = unionStarts(lists.map((list) => [...new Set(list)].sort((a, b) => a - b)));
        expect(union).toEqual([...new Set(lists.flat())].sort((a, b) => a - b));
      }),
    );
    expect(unionStarts([])).toEqual([]);
    expect(unionStarts([[1, 5], [], [2, 5, 9]])).toEqual([1, 2, 5, 9]);
  });
});

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();
const iso = (ms: number) => new Date(ms).toISOString();
const weekdaysOnly = (from: string, to: string): WorkingInterval[] =>
  weekdays.slice(0, 5).map((day) => ({ day, from: minutesOf(from), to: minutesOf(to) }));

describe('hand-computed', () => {
  it('a buffer before may exactly touch the end of busy time, and not overlap it by a minute', () => {
    const from = Date.UTC(2026, 0, 12);
    const person: Participant = {
      timeZone: 'UTC',
      hours: weekdaysOnly('09:00', '17:00'),
      busy: [{ start: from + 9 * HOUR, end: from + 10 * HOUR }],
    };
    const rules = { ...noLimits, bufferBefore: 15 * MINUTE };
    const starts = bookableStarts([person], from, from + 11 * HOUR, 30 * MINUTE, 5 * MINUTE, rules);
    // The busy time ends 10:00; with 15 minutes before, the first start is 10:15.
    expect(iso(starts[0]!)).toBe('2026-01-12T10:15:00.000Z');
    expect(isBookableAt([person], from + 10 * HOUR + 15 * MINUTE, 30 * MINUTE, rules)).toBe(true);
    expect(isBookableAt([person], from + 10 * HOUR + 14 * MINUTE, 30 * MINUTE, rules)).toBe(false);
    // Buffers need not lie in working hours: busy until 08:45, a 09:00 start is fine; until 08:50, not.
    const quiet = { ...person, busy: [{ start: from + 8 * HOUR, end: from + 8 * HOUR + 45 * MINUTE }] };
    expect(isBookableAt([quiet], from + 9 * HOUR, 30 * MINUTE, rules)).toBe(true);
    const later = { ...person, busy: [{ start: from + 8 * HOUR, end: from + 8 * HOUR + 50 * MINUTE }] };
    expect(isBookableAt([later], from + 9 * HOUR, 30 * MINUTE, rules)).toBe(false);
    expect(isBookableAt([later], from + 9 * HOUR + 5 * MINUTE, 30 * MINUTE, rules)).toBe(true);
  });

  it('a buffer after may exactly touch the start of busy time, and not overlap it by a minute', () => {
    const from = Date.UTC(2026, 0, 12);
    const person: Participant = {
      timeZone: 'UTC',
      hours: weekdaysOnly('09:00', '17:00'),
      busy: [{ start: from + 12 * HOUR, end: from + 13 * HOUR }],
    };
    const rules = { ...noLimits, bufferAfter: 15 * MINUTE };
    const starts = bookableStarts(
      [person],
      from + 11 * HOUR,
      from + 14 * HOUR,
      30 * MINUTE,
      5 * MINUTE,
      rules,
    );
    // The meeting ends by 11:45 so that 15 minutes stay clear before 12:00; the next starts 13:00.
    expect(starts.map(iso)).toEqual([
      '2026-01-12T11:00:00.000Z',
      '2026-01-12T11:05:00.000Z',
      '2026-01-12T11:10:00.000Z',
      '2026-01-12T11:15:00.000Z',
      '2026-01-12T13:00:00.000Z',
      '2026-01-12T13:05:00.000Z',
      '2026-01-12T13:10:00.000Z',
      '2026-01-12T13:15:00.000Z',
      '2026-01-12T13:20:00.000Z',
      '2026-01-12T13:25:00.000Z',
      '2026-01-12T13:30:00.000Z',
    ]);
    expect(isBookableAt([person], from + 11 * HOUR + 15 * MINUTE, 30 * MINUTE, rules)).toBe(true);
    expect(isBookableAt([person], from + 11 * HOUR + 16 * MINUTE, 30 * MINUTE, rules)).toBe(false);
  });

  it('minimum notice cuts a day in the middle: the grid resumes at its next step', () => {
    const from = Date.UTC(2026, 0, 12);
    const person: Participant = { timeZone: 'UTC', hours: weekdaysOnly('09:00', '17:00'), busy: [] };
    const rules = { ...noLimits, earliest: from + 11 * HOUR + 7 * MINUTE };
    const starts = bookableStarts([person], from, from + DAY, HOUR, 15 * MINUTE, rules);
    expect(iso(starts[0]!)).toBe('2026-01-12T11:15:00.000Z');
    expect(iso(starts.at(-1)!)).toBe('2026-01-12T16:00:00.000Z');
    expect(starts).toHaveLength(20);
    // Off the grid, the earliest instant itself is bookable, a minute before it is not.
    expect(isBookableAt([person], rules.earliest, HOUR, rules)).toBe(true);
    expect(isBookableAt([person], rules.earliest - MINUTE, HOUR, rules)).toBe(false);
  });

  it('a day full in the host’s zone is full through the host’s midnight, whatever the visitor’s day', () => {
    // The host in New York has a booking on Monday 12 January at 20:00 (Tuesday 01:00Z, Tuesday in
    // Paris, where the visitor is); one a day. Monday is full until New York's midnight (05:00Z).
    const host: Participant = {
      timeZone: 'America/New_York',
      hours: allDay,
      busy: [],
      booked: [at('2026-01-12T20:00', 'America/New_York')],
    };
    const rules = { ...noLimits, maxPerDay: 1 };
    const from = at('2026-01-12T00:00', 'America/New_York');
    const starts = bookableStarts([host], from, from + 2 * DAY, HOUR, HOUR, rules);
    expect(iso(starts[0]!)).toBe('2026-01-13T05:00:00.000Z');
    // Tuesday 02:00 in Paris (01:00Z) is still Monday in New York: not bookable.
    expect(isBookableAt([host], at('2026-01-13T02:00', 'Europe/Paris'), HOUR, rules)).toBe(false);
    expect(isBookableAt([host], at('2026-01-13T00:00', 'America/New_York'), HOUR, rules)).toBe(true);
    // A second host in Paris with a full Tuesday (Paris): together, each person's own day counts.
    const paris: Participant = {
      timeZone: 'Europe/Paris',
      hours: allDay,
      busy: [],
      booked: [at('2026-01-13T10:00', 'Europe/Paris')],
    };
    const both = bookableStarts([host, paris], from, from + 2 * DAY, HOUR, HOUR, rules);
    // New York's Monday is full until 05:00Z on the 13th, Paris's Tuesday from 23:00Z on the 12th
    // to 23:00Z on the 13th: Wednesday in Paris (Tuesday evening in New York) is the first time.
    expect(iso(both[0]!)).toBe('2026-01-13T23:00:00.000Z');
    expect(both.every((t) => t >= Date.UTC(2026, 0, 13, 23))).toBe(true);
    // Without the daily maximum, Monday in New York was fine.
    expect(bookableStarts([host, paris], from, from + 2 * DAY, HOUR, HOUR, noLimits)[0]).toBe(from);
  });

  it('a full day of 23 hours (spring change in Paris) and of 25 hours (autumn change)', () => {
    const rules = { ...noLimits, maxPerDay: 1 };
    const spring: Participant = {
      timeZone: 'Europe/Paris',
      hours: allDay,
      busy: [],
      booked: [at('2026-03-29T12:00', 'Europe/Paris')],
    };
    const from = Date.UTC(2026, 2, 28, 12);
    const springStarts = bookableStarts([spring], from, from + 2 * DAY, HOUR, HOUR, rules);
    // Sunday 29 March runs from 28 March 23:00Z to 29 March 22:00Z: 23 hours taken away.
    expect(
      springStarts
        .filter((t) => t < Date.UTC(2026, 2, 29, 22))
        .map(iso)
        .at(-1),
    ).toBe('2026-03-28T22:00:00.000Z');
    expect(iso(springStarts.find((t) => t > from + 11 * HOUR)!)).toBe('2026-03-29T22:00:00.000Z');
    expect(springStarts).toHaveLength(48 - 23);

    const autumn: Participant = {
      timeZone: 'Europe/Paris',
      hours: allDay,
      busy: [],
      booked: [at('2026-10-25T12:00', 'Europe/Paris')],
    };
    const autumnFrom = Date.UTC(2026, 9, 24, 12);
    const autumnStarts = bookableStarts([autumn], autumnFrom, autumnFrom + 2 * DAY, HOUR, HOUR, rules);
    // Sunday 25 October runs from 24 October 22:00Z to 25 October 23:00Z: 25 hours taken away.
    expect(autumnStarts.map(iso)).toContain('2026-10-24T21:00:00.000Z');
    expect(autumnStarts.map(iso)).not.toContain('2026-10-24T22:00:00.000Z');
    expect(autumnStarts.map(iso)).not.toContain('2026-10-25T22:00:00.000Z');
    expect(autumnStarts.map(iso)).toContain('2026-10-25T23:00:00.000Z');
    expect(autumnStarts).toHaveLength(48 - 25);
    // One booking under the maximum of two leaves the days whole.
    expect(
      bookableStarts([autumn], autumnFrom, autumnFrom + 2 * DAY, HOUR, HOUR, { ...rules, maxPerDay: 2 }),
    ).toHaveLength(48);
  });

  it('a maximum of zero leaves nothing; a start before `from` or ending after `to` is never offered', () => {
    const from = Date.UTC(2026, 0, 12);
    const person: Participant = { timeZone: 'UTC', hours: allDay, busy: [] };
    expect(bookableStarts([person], from, from + DAY, HOUR, HOUR, { ...noLimits, maxPerDay: 0 })).toEqual([]);
    expect(isBookableAt([person], from, HOUR, { ...noLimits, maxPerDay: 0 })).toBe(false);
    expect(bookableStarts([person], from + 1, from + 3 * HOUR, HOUR, HOUR, noLimits).map(iso)).toEqual([
      '2026-01-12T01:00:00.000Z',
      '2026-01-12T02:00:00.000Z',
    ]);
    expect(
      bookableStarts([person], from, from + DAY, HOUR, HOUR, { ...noLimits, earliest: from + DAY }),
    ).toEqual([]);
  });
});

describe('speed', () => {
  it('5 people × 500 busy intervals over a month: bookableStarts well under 50 ms', () => {
    // A seeded generator: the same month every run.
    let seed = 44;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const from = Date.UTC(2026, 2, 1);
    const to = Date.UTC(2026, 3, 1);
    const people: Participant[] = [
      'Europe/Paris',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'UTC',
    ].map((timeZone) => ({
      timeZone,
      hours: weekdays.map((day) => ({ day, from: 0, to: 24 * 60 })),
      busy: Array.from({ length: 500 }, () => {
        const start = from + Math.floor(random() * ((to - from) / (5 * MINUTE))) * 5 * MINUTE;
        return { start, end: start + (1 + Math.floor(random() * 6)) * 5 * MINUTE };
      }),
      booked: Array.from({ length: 20 }, () => from + Math.floor(random() * 31) * DAY + 12 * HOUR),
    }));
    const rules: BookingRules = {
      bufferBefore: 10 * MINUTE,
      bufferAfter: 10 * MINUTE,
      earliest: from + 2 * DAY + 7 * MINUTE,
      maxPerDay: 2,
    };
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < 7; run += 1) {
      const started = performance.now();
      count = bookableStarts(people, from, to, 30 * MINUTE, 15 * MINUTE, rules).length;
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.info(
      `bookableStarts, 5 people × 500 busy, a month: first ${times[0]!.toFixed(1)} ms, ` +
        `median ${sorted[3]!.toFixed(1)} ms, best ${sorted[0]!.toFixed(1)} ms; ${count} starts`,
    );
    expect(count).toBeGreaterThan(0);
    expect(sorted[3]!).toBeLessThan(50);
  });
});
