import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BusyInterval } from './busy';
import { type KeptBusy, keptOf, keptWithout, mendedKept } from './kept-busy';

const HOUR = 3_600_000;

/**
 * An interval of one of `events` events (ids from 1) or 4 meetings (ids 1–4), starting at one of
 * the first `hours` hours and lasting up to `longest` hours: possibly empty, ties frequent.
 */
const intervalOf = (events: number, hours: number, longest: number) =>
  fc
    .record({
      owner: fc.integer({ min: 1, max: events + 4 }),
      start: fc.integer({ min: 0, max: hours }),
      length: fc.integer({ min: 0, max: longest }),
    })
    .map(({ owner, start, length }): BusyInterval => {
      const span = { start: start * HOUR, end: (start + length) * HOUR };
      return owner > events ? { ...span, meeting: owner - events } : { ...span, event: owner };
    });

const interval = intervalOf(12, 40, 30);

/** What a read of everything again gives, as a kept list does: by start, ties in any order. */
function shape(kept: KeptBusy) {
  const key = (i: BusyInterval) => `${i.start}|${i.end}|${i.event ?? ''}|${i.meeting ?? ''}`;
  return {
    spans: Array.from(kept.starts, (start, index) => `${start}|${kept.ends[index]}`).sort(),
    longest: kept.longest,
    meetings: [...kept.meetings].sort((a, b) => a - b),
    owners: [...kept.owners.entries()]
      .map(([owner, intervals]) => [owner, intervals.map(key).sort()] as const)
      .sort((a, b) => a[0] - b[0]),
  };
}

/** Sorted by start, none empty, its starts and ends side by side. */
const isSorted = (kept: KeptBusy) =>
  kept.starts.length === kept.ends.length &&
  kept.starts.every(
    (start, index) => (index === 0 || kept.starts[index - 1]! <= start) && kept.ends[index]! > start,
  );

describe('kept busy times', () => {
  it('mended, are what reading everything again keeps: sorted, same intervals, longest, meetings and owners', () => {
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 120, size: 'max' }),
        fc.uniqueArray(fc.integer({ min: 1, max: 14 }), { maxLength: 6 }),
        fc.array(interval, { maxLength: 90, size: 'max' }),
        (before, changedList, read) => {
          const changed = new Set(changedList);
          // What a mend reads again: the changed events' intervals and every meeting's.
          const fresh = read.filter((i) => i.meeting !== undefined || changed.has(i.event!));
          const kept = keptOf(before);
          const mended = mendedKept(kept, fresh, changed);
          const everything = keptOf([
            ...before.filter((i) => i.meeting === undefined && !changed.has(i.event!)),
            ...fresh,
          ]);
          expect(isSorted(mended)).toBe(true);
          expect(shape(mended)).toEqual(shape(everything));
          // The kept list it was made from is as it was.
          expect(shape(kept)).toEqual(shape(keptOf(before)));
        },
      ),
      { numRuns: 600 },
    );
  });

  it('mended again and again (many owners changed since the first), are still what reading everything again keeps', () => {
    // Events 1–140: enough changed along the chain that the owners' changes are folded into a new
    // base map several times (above 64), and the lists mended from before it stay as they were.
    const wide = intervalOf(140, 60, 12);
    fc.assert(
      fc.property(
        fc.array(wide, { maxLength: 200, size: 'max' }),
        fc.array(
          fc.tuple(
            fc.uniqueArray(fc.integer({ min: 1, max: 140 }), { maxLength: 12, size: 'max' }),
            fc.array(wide, { maxLength: 30, size: 'max' }),
          ),
          { minLength: 1, maxLength: 30, size: 'max' },
        ),
        (before, steps) => {
          let truth = before;
          let kept = keptOf(before);
          const made: Array<{ kept: KeptBusy; shape: ReturnType<typeof shape> }> = [];
          for (const [changedList, read] of steps) {
            const changed = new Set(changedList);
            const fresh = read.filter((i) => i.meeting !== undefined || changed.has(i.event!));
            truth = [...truth.filter((i) => i.meeting === undefined && !changed.has(i.event!)), ...fresh];
            made.push({ kept, shape: shape(kept) });
            kept = mendedKept(kept, fresh, changed);
            expect(isSorted(kept)).toBe(true);
            expect(shape(kept)).toEqual(shape(keptOf(truth)));
          }
          for (const earlier of made) expect(shape(earlier.kept)).toEqual(earlier.shape);
        },
      ),
      // Shrinking lists this long can take minutes: a failure is reported as found after 20 s.
      { numRuns: 200, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: true },
    );
  });

  it('without one meeting (re-planning it), are the spans of the others, the longest still an upper bound', () => {
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 120, size: 'max' }),
        fc.integer({ min: 1, max: 4 }),
        (before, meeting) => {
          const kept = keptOf(before);
          const without = keptWithout(kept, -meeting);
          const others = keptOf(before.filter((i) => i.meeting !== meeting));
          expect([...without.starts]).toEqual([...others.starts]);
          expect(
            Array.from(without.starts, (start, index) => `${start}|${without.ends[index]}`).sort(),
          ).toEqual(shape(others).spans);
          expect(without.longest).toBeGreaterThanOrEqual(others.longest);
          // The kept list it was made from is as it was.
          expect(shape(kept)).toEqual(shape(keptOf(before)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds the longest again when the longest interval is taken out', () => {
    const kept = keptOf([
      { start: 0, end: 10 * HOUR, event: 1 },
      { start: HOUR, end: 2 * HOUR, event: 2 },
      { start: 3 * HOUR, end: 5 * HOUR, meeting: 7 },
    ]);
    expect(kept.longest).toBe(10 * HOUR);
    const mended = mendedKept(kept, [{ start: 4 * HOUR, end: 5 * HOUR, event: 1 }], new Set([1]));
    expect(mended.longest).toBe(HOUR);
    expect(mended.meetings.size).toBe(0);
    expect([...mended.starts]).toEqual([HOUR, 4 * HOUR]);
    expect([...mended.ends]).toEqual([2 * HOUR, 5 * HOUR]);
  });
});
