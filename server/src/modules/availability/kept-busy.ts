/**
 * A person's busy times as a search keeps them (D71): sorted by start, with the longest's length,
 * the meetings among them and each event's and meeting's intervals, so that the engine finds what
 * meets the free time by binary search (SortedBusy), a re-planning leaves its meeting out only
 * where it is, and a mend after a change takes out and puts in the changed events' intervals
 * without looking at the others.
 */
import type { BusyInterval } from './busy';
import { type SortedBusy, sortedBusy } from './engine';

/**
 * SortedBusy (the starts and ends the engine and a mend search, the longest's length; never
 * changed once kept: a mend makes others) and:
 */
export interface KeptBusy extends SortedBusy {
  meetings: ReadonlySet<number>;
  /** The intervals of each event (by its id) and of each meeting (by its id negated). */
  owners: Owners;
}

/** Above this many owners changed since their base map, a mend makes a new base map. */
const OWNER_CHANGES_MAX = 64;

type OwnerMap = ReadonlyMap<number, readonly BusyInterval[]>;

/**
 * Each owner's intervals, never changed once made: a base map shared by the lists mended from one
 * another, and the owners changed since it (null: none left). A mend copies the changes, not the
 * base (a person's hundreds of events), and folds them into a new base once they are many.
 */
export class Owners {
  constructor(
    private readonly base: OwnerMap,
    private readonly changes: ReadonlyMap<number, readonly BusyInterval[] | null> = new Map(),
  ) {}

  get(owner: number): readonly BusyInterval[] | undefined {
    const changed = this.changes.get(owner);
    return changed === undefined ? this.base.get(owner) : (changed ?? undefined);
  }

  has(owner: number): boolean {
    return this.get(owner) !== undefined;
  }

  *entries(): IterableIterator<[number, readonly BusyInterval[]]> {
    for (const [owner, intervals] of this.base) if (!this.changes.has(owner)) yield [owner, intervals];
    for (const [owner, intervals] of this.changes) if (intervals) yield [owner, intervals];
  }

  /** These owners with `changes` made (null: the owner's intervals all gone). */
  with(changes: ReadonlyMap<number, readonly BusyInterval[] | null>): Owners {
    const merged = new Map(this.changes);
    for (const [owner, intervals] of changes) merged.set(owner, intervals);
    if (merged.size <= OWNER_CHANGES_MAX) return new Owners(this.base, merged);
    const base = new Map(this.base);
    for (const [owner, intervals] of merged) {
      if (intervals) base.set(owner, intervals);
      else base.delete(owner);
    }
    return new Owners(base);
  }
}

const ownerOf = (interval: BusyInterval) =>
  interval.meeting !== undefined ? -interval.meeting : (interval.event ?? 0);

/** Kept busy times of `intervals` (`sorted`: by start already, none empty). */
export function keptOf(intervals: readonly BusyInterval[], sorted = false): KeptBusy {
  const busy = sorted
    ? intervals
    : intervals.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start);
  const meetings = new Set<number>();
  const owners = new Map<number, BusyInterval[]>();
  for (const interval of busy) {
    if (interval.meeting !== undefined) meetings.add(interval.meeting);
    const owner = ownerOf(interval);
    if (owner === 0) continue;
    const own = owners.get(owner);
    if (own) own.push(interval);
    else owners.set(owner, [interval]);
  }
  return { ...sortedBusy(busy), meetings, owners: new Owners(owners) };
}

/** The first index of `starts` not below `start` (`after`: above it). */
function searchStart(starts: Float64Array, start: number, after: boolean): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = starts[middle]!;
    if (at < start || (after && at === start)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The places in `kept` of these owners' intervals, ascending: each found by a binary search of the
 * starts, then by its end (intervals alike are interchangeable there: either place leaves the same
 * lists), and whether the longest was among them.
 */
function placesOf(kept: KeptBusy, owners: readonly number[]): { places: number[]; longestGone: boolean } {
  const { starts, ends } = kept;
  const taken = new Set<number>();
  let longestGone = false;
  for (const owner of owners) {
    for (const interval of kept.owners.get(owner) ?? []) {
      let index = searchStart(starts, interval.start, false);
      while (
        index < starts.length &&
        starts[index] === interval.start &&
        (ends[index] !== interval.end || taken.has(index))
      )
        index += 1;
      if (index === starts.length || starts[index] !== interval.start)
        throw new Error('a kept interval is not in its list');
      taken.add(index);
      if (interval.end - interval.start >= kept.longest) longestGone = true;
    }
  }
  return { places: [...taken].sort((a, b) => a - b), longestGone };
}

/**
 * The starts and ends of `kept` without the places `removed` (ascending), with `added` (sorted by
 * start; each after the kept ones starting with it) in their places: the kept arrays' runs between
 * those places copied as they are, none of the hundreds of intervals left looked at.
 */
function spliced(
  kept: SortedBusy,
  removed: readonly number[],
  added: readonly BusyInterval[],
): { starts: Float64Array; ends: Float64Array } {
  const { starts: keptStarts, ends: keptEnds } = kept;
  const length = keptStarts.length - removed.length + added.length;
  const starts = new Float64Array(length);
  const ends = new Float64Array(length);
  let from = 0;
  let at = 0;
  let r = 0;
  const copyUpTo = (to: number) => {
    if (to <= from) return;
    starts.set(keptStarts.subarray(from, to), at);
    ends.set(keptEnds.subarray(from, to), at);
    at += to - from;
    from = to;
  };
  const skipRemovedBefore = (place: number) => {
    for (; r < removed.length && removed[r]! < place; r += 1) {
      copyUpTo(removed[r]!);
      from = removed[r]! + 1;
    }
  };
  for (const interval of added) {
    const place = searchStart(keptStarts, interval.start, true);
    skipRemovedBefore(place);
    copyUpTo(place);
    starts[at] = interval.start;
    ends[at] = interval.end;
    at += 1;
  }
  skipRemovedBefore(keptStarts.length);
  copyUpTo(keptStarts.length);
  return { starts, ends };
}

/**
 * `kept` without the intervals of `changed` events and of every meeting, with `fresh` (these
 * events' and the meetings' intervals as read again) in their place (placesOf, spliced). The
 * owners' map gets the changed owners only.
 */
export function mendedKept(
  kept: KeptBusy,
  fresh: readonly BusyInterval[],
  changed: ReadonlySet<number>,
): KeptBusy {
  const gone: number[] = [];
  for (const owner of changed) if (kept.owners.has(owner)) gone.push(owner);
  for (const meeting of kept.meetings) gone.push(-meeting);
  const added = fresh.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start);
  if (gone.length === 0 && added.length === 0) return kept;
  const { places, longestGone } = placesOf(kept, gone);
  const { starts, ends } = spliced(kept, places, added);
  const changes = new Map<number, readonly BusyInterval[] | null>();
  for (const owner of gone) changes.set(owner, null);
  const meetings = new Set<number>();
  let longestAdded = 0;
  for (const interval of added) {
    longestAdded = Math.max(longestAdded, interval.end - interval.start);
    if (interval.meeting !== undefined) meetings.add(interval.meeting);
    const owner = ownerOf(interval);
    if (owner === 0) continue;
    // The arrays of `kept.owners` are shared with it: a new one for each owner put in.
    const own = changes.has(owner) ? changes.get(owner) : kept.owners.get(owner);
    changes.set(owner, [...(own ?? []), interval]);
  }
  // The longest taken out and none as long put in (an event read again as it was puts it back):
  // the longest left is found again.
  let longest = Math.max(kept.longest, longestAdded);
  if (longestGone && longestAdded < kept.longest) {
    longest = 0;
    for (let index = 0; index < starts.length; index += 1)
      longest = Math.max(longest, ends[index]! - starts[index]!);
  }
  return { starts, ends, longest, meetings, owners: kept.owners.with(changes) };
}

/**
 * `kept` without one owner's intervals (the meeting being re-planned), for the engine; its longest
 * kept as an upper bound (the engine only widens its search by it).
 */
export function keptWithout(kept: KeptBusy, owner: number): SortedBusy {
  return { ...spliced(kept, placesOf(kept, [owner]).places, []), longest: kept.longest };
}
