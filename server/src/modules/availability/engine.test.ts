/**
 * The availability engine against a naive checker that asks, for every grid slot, every minute of
 * it for every person — their wall-clock time from luxon against their working hours, and every
 * busy interval — on random people, zones, working hours, events and ranges that cross DST
 * changes (fast-check); and hand-computed cases.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { minutesOfTime as minutesOf, weekdays } from '@cadence/contract';
import {
  availableStarts,
  bookableStarts,
  type Interval,
  isFreeAt,
  type Participant,
  sortedBusy,
  subtract,
  type WorkingInterval,
} from './engine';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every slot, every minute, every person, every event: the obvious and slow way. */
function naiveStarts(
  people: Participant[],
  from: number,
  to: number,
  duration: number,
  step: number,
): number[] {
  const starts: number[] = [];
  for (let t = Math.ceil(from / step) * step; t + duration <= to; t += step) {
    const fits = people.every((person) => {
      for (const busy of person.busy ?? []) if (busy.start < t + duration && busy.end > t) return false;
      for (let m = t; m < t + duration; m += MINUTE) {
        const local = DateTime.fromMillis(m, { zone: person.timeZone });
        const day = weekdays[local.weekday - 1];
        const minute = local.hour * 60 + local.minute;
        if (!person.hours.some((h) => h.day === day && h.from <= minute && minute < h.to)) return false;
      }
      return true;
    });
    if (fits) starts.push(t);
  }
  return starts;
}

const zones = [
  'Europe/Paris',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Sydney',
  'America/St_Johns',
  'Pacific/Chatham',
  'UTC',
];

const workingInterval = fc
  .record({
    day: fc.constantFrom(...weekdays),
    from: fc.integer({ min: 0, max: 95 }),
    length: fc.integer({ min: 1, max: 40 }),
  })
  .map(({ day, from, length }): WorkingInterval => ({
    day,
    from: from * 15,
    to: Math.min(96, from + length) * 15,
  }));

/** Ranges of a few days around the spring and autumn changes of Europe, the US and the south. */
const rangeStarts = [
  Date.UTC(2026, 2, 6),
  Date.UTC(2026, 2, 26),
  Date.UTC(2026, 3, 3),
  Date.UTC(2026, 9, 23),
  Date.UTC(2026, 9, 31),
  Date.UTC(2026, 8, 25),
  Date.UTC(2027, 0, 10),
];

const scenario = fc
  .record({
    rangeStart: fc.constantFrom(...rangeStarts),
    offsetHours: fc.integer({ min: 0, max: 47 }),
    days: fc.integer({ min: 1, max: 4 }),
    duration: fc.constantFrom(15, 30, 45, 60, 90),
    step: fc.constantFrom(15, 30, 60),
    people: fc.array(
      fc.record({
        timeZone: fc.constantFrom(...zones),
        hours: fc.array(workingInterval, { minLength: 1, maxLength: 10 }),
        busy: fc.array(
          fc.record({ at: fc.integer({ min: 0, max: 6 * 24 * 4 }), length: fc.integer({ min: 1, max: 16 }) }),
          { maxLength: 8 },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map(({ rangeStart, offsetHours, days, duration, step, people }) => {
    const from = rangeStart + offsetHours * HOUR;
    return {
      from,
      to: from + days * DAY,
      duration: duration * MINUTE,
      step: step * MINUTE,
      people: people.map((person): Participant => ({
        timeZone: person.timeZone,
        hours: person.hours,
        busy: person.busy.map(({ at, length }) => ({
          start: rangeStart + at * 15 * MINUTE,
          end: rangeStart + (at + length) * 15 * MINUTE,
        })),
      })),
    };
  });

describe('the engine against the naive checker', () => {
  it('answers the same start instants on random people, zones, hours, events and DST changes', () => {
    let withTimes = 0;
    fc.assert(
      fc.property(scenario, ({ people, from, to, duration, step }) => {
        const expected = naiveStarts(people, from, to, duration, step);
        if (expected.length > 0) withTimes += 1;
        // (About a sixth to a quarter of the scenarios have common times: the bound below is far under.)
        expect(availableStarts(people, from, to, duration, step)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
    // Not a vacuous agreement on empty answers.
    expect(withTimes).toBeGreaterThan(10);
  });

  it('answers the same from busy times sorted by start with their longest length (kept busy times)', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        ({ people, from, to, duration, step }, before, after) => {
          const indexed = people.map((person) => {
            const busy = [...(person.busy ?? [])].sort((a, b) => a.start - b.start);
            return { ...person, busy, sorted: sortedBusy(busy) };
          });
          expect(availableStarts(indexed, from, to, duration, step)).toEqual(
            naiveStarts(people, from, to, duration, step),
          );
          const rules = {
            bufferBefore: before * 15 * MINUTE,
            bufferAfter: after * 15 * MINUTE,
            earliest: from,
            maxPerDay: null,
          };
          expect(bookableStarts(indexed, from, to, duration, step, rules)).toEqual(
            bookableStarts(people, from, to, duration, step, rules),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('says a time is free exactly when the naive checker finds it', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 95 }), ({ people, from, duration }, quarter) => {
        const start = from + quarter * 15 * MINUTE;
        const naive = naiveStarts(people, start, start + duration, duration, 15 * MINUTE).includes(start);
        expect(isFreeAt(people, start, duration)).toBe(naive);
      }),
      { numRuns: 150 },
    );
  });
});

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();
const iso = (ms: number) => new Date(ms).toISOString();
const weekdaysOnly = (from: string, to: string): WorkingInterval[] =>
  weekdays.slice(0, 5).map((day) => ({ day, from: minutesOf(from), to: minutesOf(to) }));

describe('hand-computed', () => {
  it('Paris and New York in winter: 09:00–17:00 each overlap 15:00–17:00 Paris time', () => {
    const paris: Participant = { timeZone: 'Europe/Paris', hours: weekdaysOnly('09:00', '17:00'), busy: [] };
    const newYork: Participant = {
      timeZone: 'America/New_York',
      hours: weekdaysOnly('09:00', '17:00'),
      busy: [],
    };
    const from = at('2026-01-12T00:00', 'Europe/Paris');
    const starts = availableStarts([paris, newYork], from, from + DAY, HOUR, 30 * MINUTE);
    // 09:00 New York is 15:00 Paris (14:00Z); the last hour starts at 16:00 Paris (15:00Z).
    expect(starts.map(iso)).toEqual([
      '2026-01-12T14:00:00.000Z',
      '2026-01-12T14:30:00.000Z',
      '2026-01-12T15:00:00.000Z',
    ]);
  });

  it('the weeks when the US has changed to summer time and Europe has not: the overlap grows by an hour', () => {
    const paris: Participant = { timeZone: 'Europe/Paris', hours: weekdaysOnly('09:00', '17:00'), busy: [] };
    const newYork: Participant = {
      timeZone: 'America/New_York',
      hours: weekdaysOnly('09:00', '17:00'),
      busy: [],
    };
    // 16 March 2026: New York is on EDT (UTC−4) since the 8th, Paris still on CET (UTC+1).
    const from = at('2026-03-16T00:00', 'Europe/Paris');
    const starts = availableStarts([paris, newYork], from, from + DAY, HOUR, HOUR);
    // 09:00 New York is 13:00Z = 14:00 Paris; Paris ends 17:00 = 16:00Z: starts 13:00Z, 14:00Z, 15:00Z.
    expect(starts.map(iso)).toEqual([
      '2026-03-16T13:00:00.000Z',
      '2026-03-16T14:00:00.000Z',
      '2026-03-16T15:00:00.000Z',
    ]);
    // 30 March: both on summer time again: back to two hours of overlap.
    const later = at('2026-03-30T00:00', 'Europe/Paris');
    expect(availableStarts([paris, newYork], later, later + DAY, HOUR, HOUR).map(iso)).toEqual([
      '2026-03-30T13:00:00.000Z',
      '2026-03-30T14:00:00.000Z',
    ]);
  });

  it('keeps 09:00 local on the day Paris changes to summer time', () => {
    const sunday: Participant = {
      timeZone: 'Europe/Paris',
      hours: [{ day: 'sunday', from: minutesOf('01:00'), to: minutesOf('04:00') }],
      busy: [],
    };
    // 29 March 2026: 02:00 jumps to 03:00, so 01:00–04:00 lasts two hours (00:00Z–02:00Z).
    const from = Date.UTC(2026, 2, 28, 12);
    const starts = availableStarts([sunday], from, from + DAY, HOUR, HOUR);
    expect(starts.map(iso)).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z']);
  });

  it('reads a 24:00 end as midnight, joined to the next day’s hours', () => {
    const night: Participant = {
      timeZone: 'UTC',
      hours: [
        { day: 'monday', from: minutesOf('21:00'), to: minutesOf('24:00') },
        { day: 'tuesday', from: minutesOf('00:00'), to: minutesOf('01:00') },
      ],
      busy: [],
    };
    const from = Date.UTC(2026, 0, 12);
    const starts = availableStarts([night], from, from + 2 * DAY, 2 * HOUR, HOUR);
    expect(starts.map(iso)).toEqual([
      '2026-01-12T21:00:00.000Z',
      '2026-01-12T22:00:00.000Z',
      '2026-01-12T23:00:00.000Z',
    ]);
  });

  it('finds by its start a busy time before the hours whose buffer reaches into them (kept busy times)', () => {
    const from = Date.UTC(2026, 0, 12);
    // The longest busy time (its start more than its length before the hours) ends at 08:30, and an
    // hour's buffer after it keeps 09:00 and 09:15 out.
    const person: Participant = {
      timeZone: 'UTC',
      hours: weekdaysOnly('09:00', '10:30'),
      busy: [
        { start: from + 7 * HOUR, end: from + 8 * HOUR + 30 * MINUTE },
        { start: from + 10 * HOUR + 30 * MINUTE, end: from + 11 * HOUR },
      ],
    };
    person.sorted = sortedBusy(person.busy ?? [], 90 * MINUTE);
    const rules = { bufferBefore: HOUR, bufferAfter: 0, earliest: from, maxPerDay: null };
    const starts = bookableStarts([person], from, from + DAY, 30 * MINUTE, 15 * MINUTE, rules);
    expect(starts.map(iso)).toEqual([
      '2026-01-12T09:30:00.000Z',
      '2026-01-12T09:45:00.000Z',
      '2026-01-12T10:00:00.000Z',
    ]);
    expect(
      bookableStarts([{ ...person, sorted: undefined }], from, from + DAY, 30 * MINUTE, 15 * MINUTE, rules),
    ).toEqual(starts);
  });

  it('fits a meeting that exactly fills a free interval, and not one a minute longer', () => {
    const from = Date.UTC(2026, 0, 12);
    const person: Participant = {
      timeZone: 'UTC',
      hours: weekdaysOnly('09:00', '17:00'),
      busy: [
        { start: from + 9 * HOUR, end: from + 10 * HOUR },
        { start: from + 10 * HOUR + 45 * MINUTE, end: from + 17 * HOUR },
      ],
    };
    expect(availableStarts([person], from, from + DAY, 45 * MINUTE, 15 * MINUTE).map(iso)).toEqual([
      '2026-01-12T10:00:00.000Z',
    ]);
    expect(availableStarts([person], from, from + DAY, 46 * MINUTE, MINUTE)).toEqual([]);
    expect(isFreeAt([person], from + 10 * HOUR, 45 * MINUTE)).toBe(true);
    expect(isFreeAt([person], from + 10 * HOUR, 46 * MINUTE)).toBe(false);
  });

  it('subtracts busy intervals that overlap, touch and nest', () => {
    const whole: Interval[] = [{ start: 0, end: 100 }];
    expect(
      subtract(whole, [
        { start: 10, end: 20 },
        { start: 20, end: 30 },
        { start: 50, end: 60 },
        { start: 95, end: 120 },
      ]),
    ).toEqual([
      { start: 0, end: 10 },
      { start: 30, end: 50 },
      { start: 60, end: 95 },
    ]);
  });
});
