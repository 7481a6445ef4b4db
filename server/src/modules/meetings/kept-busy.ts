/**
 * A person's busy times as a search keeps them (D71): sorted by start, with the longest's length,
 * the meetings among them and each event's and meeting's intervals, so that the engine finds what
 * meets the free time by binary search (SortedBusy), a re-planning leaves its meeting out only
 * where it is, and a mend after a change takes out and puts in the changed events' intervals
 * without looking at the others.
 */
import type { BusyInterval } from '../calendar/service';
import type { SortedBusy } from './availability';

/** SortedBusy (the starts and ends the engine and a mend search, the longest's length) and: */
export interface KeptBusy extends SortedBusy {
  /** Sorted by start, in the order of `starts`; none empty. Never changed once kept: a mend makes another. */
  busy: readonly BusyInterval[];
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
  const starts = new Float64Array(busy.length);
  const ends = new Float64Array(busy.length);
  let longest = 0;
  busy.forEach((interval, index) => {
    starts[index] = interval.start;
    ends[index] = interval.end;
    longest = Math.max(longest, interval.end - interval.start);
    if (interval.meeting !== undefined) meetings.add(interval.meeting);
    const owner = ownerOf(interval);
    if (owner === 0) return;
    const own = owners.get(owner);
    if (own) own.push(interval);
    else owners.set(owner, [interval]);
  });
  return { busy, starts, ends, longest, meetings, owners: new Owners(owners) };
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
 * `kept` without the intervals of `changed` events and of every meeting, with `fresh` (these
 * events' and the meetings' intervals as read again) in their place. Those taken out are found by
 * a binary search of the starts, and where the fresh ones go; the new lists are the kept ones'
 * slices between those places joined (copies: none of the hundreds of intervals left is looked
 * at). The owners' map gets the changed owners only.
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
  const { busy: list, starts: listStarts, ends: listEnds } = kept;
  const removed: number[] = [];
  let longestGone = false;
  for (const owner of gone) {
    for (const interval of kept.owners.get(owner)!) {
      let index = searchStart(listStarts, interval.start, false);
      while (index < list.length && list[index] !== interval) index += 1;
      if (index === list.length) throw new Error('a kept interval is not in its list');
      removed.push(index);
      if (interval.end - interval.start >= kept.longest) longestGone = true;
    }
  }
  removed.sort((a, b) => a - b);
  // The kept list's ranges between the places taken out and put in, in order, and the fresh
  // intervals between them (one after the kept ones starting with it).
  const pieces: Array<[from: number, to: number] | BusyInterval> = [];
  let from = 0;
  let r = 0;
  let longestAdded = 0;
  for (const interval of added) {
    const place = searchStart(listStarts, interval.start, true);
    for (; r < removed.length && removed[r]! < place; r += 1) {
      pieces.push([from, removed[r]!]);
      from = removed[r]! + 1;
    }
    if (place > from) pieces.push([from, place]);
    from = Math.max(from, place);
    pieces.push(interval);
    longestAdded = Math.max(longestAdded, interval.end - interval.start);
  }
  for (; r < removed.length; r += 1) {
    pieces.push([from, removed[r]!]);
    from = removed[r]! + 1;
  }
  pieces.push([from, list.length]);
  const length = list.length - removed.length + added.length;
  const starts = new Float64Array(length);
  const ends = new Float64Array(length);
  const parts: Array<readonly BusyInterval[]> = [];
  let at = 0;
  for (const piece of pieces) {
    if (Array.isArray(piece)) {
      const [start, end] = piece;
      if (end === start) continue;
      parts.push(list.slice(start, end));
      starts.set(listStarts.subarray(start, end), at);
      ends.set(listEnds.subarray(start, end), at);
      at += end - start;
    } else {
      const interval = piece;
      parts.push([interval]);
      starts[at] = interval.start;
      ends[at] = interval.end;
      at += 1;
    }
  }
  const busy = ([] as BusyInterval[]).concat(...parts);
  const changes = new Map<number, readonly BusyInterval[] | null>();
  for (const owner of gone) changes.set(owner, null);
  const meetings = new Set<number>();
  for (const interval of added) {
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
    for (let index = 0; index < length; index += 1)
      longest = Math.max(longest, ends[index]! - starts[index]!);
  }
  return { busy, starts, ends, longest, meetings, owners: kept.owners.with(changes) };
}
