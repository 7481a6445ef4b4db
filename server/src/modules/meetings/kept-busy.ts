/**
 * A person's busy times as a search keeps them (D71): sorted by start, with the longest's length,
 * the meetings among them and each event's and meeting's intervals, so that the engine finds what
 * meets the free time by binary search (busyLongest), a re-planning leaves its meeting out only
 * where it is, and a mend after a change takes out and puts in the changed events' intervals
 * without a pass over all the others.
 */
import type { BusyInterval } from '../calendar/service';

export interface KeptBusy {
  /** Sorted by start; none empty. Never changed once kept: a mend makes another. */
  busy: readonly BusyInterval[];
  /** The longest interval's length (ms). */
  longest: number;
  meetings: ReadonlySet<number>;
  /** The intervals of each event (by its id) and of each meeting (by its id negated). */
  owners: Owners;
}

/** Above this many intervals taken out and put in, a mend merges in one pass instead. */
const SPLICES_MAX = 64;
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

/** The first index of `busy` whose start is not below `start` (`after`: above it). */
function searchStart(busy: readonly BusyInterval[], start: number, after: boolean): number {
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = busy[middle]!.start;
    if (at < start || (after && at === start)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Kept busy times of `intervals` (`sorted`: by start already, none empty). */
export function keptOf(intervals: readonly BusyInterval[], sorted = false): KeptBusy {
  const busy = sorted
    ? intervals
    : intervals.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start);
  const meetings = new Set<number>();
  const owners = new Map<number, BusyInterval[]>();
  let longest = 0;
  for (const interval of busy) {
    longest = Math.max(longest, interval.end - interval.start);
    if (interval.meeting !== undefined) meetings.add(interval.meeting);
    const owner = ownerOf(interval);
    if (owner === 0) continue;
    const own = owners.get(owner);
    if (own) own.push(interval);
    else owners.set(owner, [interval]);
  }
  return { busy, longest, meetings, owners: new Owners(owners) };
}

/**
 * `kept` without the intervals of `changed` events and of every meeting, with `fresh` (these
 * events' and the meetings' intervals as read again) in their place: a copy of the sorted list with
 * those taken out and put in by binary search, or one merging pass where they are many.
 */
export function mendedKept(
  kept: KeptBusy,
  fresh: readonly BusyInterval[],
  changed: ReadonlySet<number>,
): KeptBusy {
  const out = [...changed, ...[...kept.meetings].map((meeting) => -meeting)].filter((owner) =>
    kept.owners.has(owner),
  );
  const taken = out.reduce((sum, owner) => sum + kept.owners.get(owner)!.length, 0);
  const added = fresh.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start);
  if (taken + added.length > SPLICES_MAX) {
    // One pass: both sorted by start.
    const gone = new Set(out);
    const busy: BusyInterval[] = [];
    let next = 0;
    for (const interval of kept.busy) {
      if (gone.has(ownerOf(interval))) continue;
      while (next < added.length && added[next]!.start < interval.start) busy.push(added[next++]!);
      busy.push(interval);
    }
    while (next < added.length) busy.push(added[next++]!);
    return keptOf(busy, true);
  }
  const busy = kept.busy.slice();
  const changes = new Map<number, readonly BusyInterval[] | null>();
  let longestGone = false;
  for (const owner of out) {
    for (const interval of kept.owners.get(owner)!) {
      let index = searchStart(busy, interval.start, false);
      while (index < busy.length && busy[index] !== interval) index += 1;
      if (index === busy.length) throw new Error('a kept interval is not in its list');
      busy.splice(index, 1);
      if (interval.end - interval.start >= kept.longest) longestGone = true;
    }
    changes.set(owner, null);
  }
  const meetings = new Set<number>();
  let longestAdded = 0;
  for (const interval of added) {
    busy.splice(searchStart(busy, interval.start, true), 0, interval);
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
    for (const interval of busy) longest = Math.max(longest, interval.end - interval.start);
  }
  return { busy, longest, meetings, owners: kept.owners.with(changes) };
}
