/**
 * The index of series' occurrences (D71) answers exactly what expanding the series answers:
 * random daily, weekly and monthly series (timed and all-day, with COUNT, UNTIL or no end) in
 * zones with and without summer time, with cancelled, moved (some to all-day) and added
 * occurrences, read over random ranges around the European and American changes of 2026 by
 * viewers in other zones — the same index reused across reads, signatures changing under it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Occurrence, occurrencesIn, type Series } from './occurrences';
import { BLOCK_MS, SeriesIndex, seriesSignature } from './series-index';

const MINUTE = 60_000;
const DAY = 86_400_000;
const ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'UTC'];
/** Around 25 October and 1 November 2026 (the changes to winter time) and 29 March (to summer). */
const AROUND = [Date.UTC(2026, 9, 25), Date.UTC(2026, 10, 1), Date.UTC(2026, 2, 29)];

const rules = fc.constantFrom(
  'FREQ=WEEKLY;COUNT=12',
  'FREQ=WEEKLY',
  'FREQ=DAILY;COUNT=40',
  'FREQ=DAILY;INTERVAL=3',
  'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30',
  'FREQ=MONTHLY;BYMONTHDAY=1,15',
  'FREQ=WEEKLY;UNTIL=20261120T000000Z',
  'FREQ=DAILY;UNTIL=20261105',
);

const seriesArb = fc
  .record({
    around: fc.constantFrom(...AROUND),
    startDays: fc.integer({ min: -70, max: 20 }),
    minute: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
    lengthMinutes: fc.integer({ min: 0, max: 3 * 24 * 4 }).map((q) => q * 15),
    allDay: fc.boolean(),
    zone: fc.constantFrom(...ZONES),
    rule: rules,
    cancelled: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 4 }),
    moved: fc.array(
      fc.record({
        n: fc.integer({ min: 0, max: 30 }),
        by: fc.integer({ min: -48, max: 48 }).map((h) => h * 60 * MINUTE),
        allDay: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    added: fc.array(fc.record({ days: fc.integer({ min: -30, max: 60 }), allDay: fc.boolean() }), {
      maxLength: 3,
    }),
  })
  .map((p): Series => {
    const day = p.around + p.startDays * DAY;
    const start = p.allDay ? day : day + p.minute * MINUTE;
    const end = p.allDay
      ? start + Math.max(1, Math.round(p.lengthMinutes / 1440)) * DAY
      : start + p.lengthMinutes * MINUTE;
    const series: Series = { start, end, allDay: p.allDay, timeZone: p.zone, recurrence: p.rule };
    // Exceptions name occurrences the rule makes, as the service writes them.
    const made = occurrencesIn(series, start, start + 400 * DAY, 'UTC', 64).map((o) => o.occurrence);
    const hidden = new Set<number>();
    const shown: NonNullable<Series['exceptions']>['shown'] = [];
    for (const n of p.cancelled) if (made[n] !== undefined) hidden.add(made[n]);
    for (const move of p.moved) {
      const occurrence = made[move.n];
      if (occurrence === undefined || hidden.has(occurrence)) continue;
      hidden.add(occurrence);
      const at = move.allDay ? Math.floor((occurrence + move.by) / DAY) * DAY : occurrence + move.by;
      shown.push({
        occurrence,
        start: at,
        end: move.allDay ? at + DAY : at + (end - start),
        allDay: move.allDay,
        override: true,
      });
    }
    for (const add of p.added) {
      const at = p.allDay || add.allDay ? day + add.days * DAY : day + add.days * DAY + p.minute * MINUTE;
      shown.push({
        occurrence: at,
        start: at,
        end: at + (add.allDay ? DAY : end - start),
        allDay: add.allDay || p.allDay,
        override: false,
      });
    }
    return hidden.size > 0 || shown.length > 0 ? { ...series, exceptions: { hidden, shown } } : series;
  });

const rangeArb = fc.record({
  around: fc.constantFrom(...AROUND),
  fromHours: fc.integer({ min: -60 * 24, max: 30 * 24 }),
  lengthHours: fc.integer({ min: 1, max: 92 * 24 }),
  viewer: fc.constantFrom(...ZONES),
});

const plain = (list: Occurrence[]) => list.map((o) => [o.start, o.end, o.occurrence, o.exception]);

describe('SeriesIndex', () => {
  it('answers what expanding the series answers, over random series, exceptions and ranges across DST', () => {
    const index = new SeriesIndex(50, 2_000);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), seriesArb, rangeArb), {
          minLength: 1,
          maxLength: 12,
        }),
        (reads) => {
          for (const [id, series, range] of reads) {
            const from = range.around + range.fromHours * 3_600_000;
            const to = from + range.lengthHours * 3_600_000;
            const direct = occurrencesIn(series, from, to, range.viewer);
            // Twice: the first may expand blocks, the second reads them kept.
            expect(plain(index.occurrencesIn(id, series, from, to, range.viewer))).toEqual(plain(direct));
            expect(plain(index.occurrencesIn(id, series, from, to, range.viewer))).toEqual(plain(direct));
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(index.size.series).toBeLessThanOrEqual(50);
  });

  it('expands a series once per block, and again only when it changes', () => {
    const index = new SeriesIndex();
    const start = Date.UTC(2026, 9, 5, 7);
    const series: Series = {
      start,
      end: start + 3_600_000,
      allDay: false,
      timeZone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY;COUNT=12',
    };
    const from = Date.UTC(2026, 9, 11, 22);
    const to = Date.UTC(2026, 10, 8, 23);
    const first = index.occurrencesIn(7, series, from, to, 'Europe/Paris');
    const expanded = index.counts.expanded;
    expect(expanded).toBeGreaterThan(0);
    expect(index.occurrencesIn(7, series, from, to, 'America/New_York')).toEqual(first);
    expect(index.counts.expanded).toBe(expanded);
    const moved = {
      ...series,
      exceptions: { hidden: new Set([first[0]!.occurrence]), shown: [] },
    };
    expect(seriesSignature(moved)).not.toBe(seriesSignature(series));
    expect(index.occurrencesIn(7, moved, from, to, 'Europe/Paris')).toEqual(first.slice(1));
    expect(index.counts.expanded).toBeGreaterThan(expanded);
    expect(Math.floor(from / BLOCK_MS)).not.toBe(Math.floor(to / BLOCK_MS));
  });

  it('keeps within its bounds, the least recently used going first', () => {
    const index = new SeriesIndex(3, 1_000_000);
    const series = (hour: number): Series => ({
      start: Date.UTC(2026, 0, 1, hour),
      end: Date.UTC(2026, 0, 1, hour, 30),
      allDay: false,
      timeZone: 'UTC',
      recurrence: 'FREQ=DAILY',
    });
    const [from, to] = [Date.UTC(2026, 1, 1), Date.UTC(2026, 2, 1)];
    for (let id = 1; id <= 5; id += 1) index.occurrencesIn(id, series(id), from, to, 'UTC');
    expect(index.size.series).toBe(3);
    // Each series keeps 56 occurrences here (two blocks of a daily rule): two fit in 120.
    const small = new SeriesIndex(100, 120);
    for (let id = 1; id <= 5; id += 1) small.occurrencesIn(id, series(id), from, to, 'UTC');
    expect(small.size).toEqual({ series: 2, occurrences: 112 });
    // One alone above the bound is answered but not kept.
    const tiny = new SeriesIndex(100, 50);
    expect(tiny.occurrencesIn(1, series(1), from, to, 'UTC')).toHaveLength(28);
    expect(tiny.size).toEqual({ series: 0, occurrences: 0 });
  });
});
