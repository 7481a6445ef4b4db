/**
 * An index of series' occurrences, in this process (D71): what `occurrencesIn` answers
 * for a repeating event, kept by fixed blocks of time — 4 weeks aligned to the epoch — so that a
 * person's busy times read again (another range, another meeting left out, one of their events
 * changed) expand no series already expanded.
 *
 * An entry is named by the event's id and, for a series whose times depend on it (all-day, or with
 * an all-day override), the viewer's zone; it holds the series' signature — everything its
 * occurrences are made of: start, end, zone, rule, last start and every exception — and is used
 * only while that signature is the one asked for. So the answers are a function of the series
 * alone: a change of the event or of its exceptions is a new signature, and re-expands that
 * series only. A block holds the occurrences whose start (for an all-day one, its first day's
 * 00:00 in the viewer's zone, as `occurrencesIn` tests the overlap) lies in it; a range takes the
 * blocks from its start less the series' longest occurrence to its end, and keeps what overlaps
 * it, exactly as `occurrencesIn` does.
 *
 * Bounded: at most `maxSeries` entries and `maxOccurrences` occurrences kept in all (about 100
 * bytes each), the least recently used going first. A series that cannot be answered by blocks
 * (a block at the limit of occurrences, an occurrence longer than MAX_BLOCKS blocks) is expanded
 * directly, from then on for a series with a block at the limit; so is a rule by the hour or the
 * minute, whose blocks would hold thousands.
 */
import { LRUCache } from 'lru-cache';
import { CACHE_IDLE_MS, sweepIdle } from './caches';
import {
  compareOccurrences,
  type Occurrence,
  occurrencesIn,
  repeatsWithinDay,
  SERIES_OCCURRENCES_MAX,
  type Series,
  dayStartIn,
} from './occurrences';

const DAY_MS = 86_400_000;
/** A block: 4 weeks, aligned to the epoch. */
export const BLOCK_MS = 28 * DAY_MS;
/** A range asking for more blocks than this (a very long occurrence) is expanded directly. */
const MAX_BLOCKS = 16;
/** All-day occurrences are placed in the viewer's zone: their span there may be this much longer. */
const ALL_DAY_SLACK_MS = 2 * DAY_MS;

/** An occurrence with its span as the overlap test reads it (all-day ones in the viewer's zone). */
interface Kept {
  occurrence: Occurrence;
  start: number;
  end: number;
}

interface Entry {
  signature: string;
  /** The longest occurrence's span as the overlap test reads it, for how far back a range looks. */
  reach: number;
  blocks: Map<number, Kept[]>;
  /** Occurrences kept in the blocks (the entry's size in the index once it is set again). */
  size: number;
  /** A block of it reached the limit of occurrences: it is expanded directly from then on. */
  dense?: boolean;
  /** Last read (ms since the epoch): unused for CACHE_IDLE_MS, it goes (a series since deleted). */
  used: number;
}

/** Everything a series' occurrences are made of. */
export function seriesSignature(series: Series): string {
  const exceptions = series.exceptions;
  const hidden = exceptions ? [...exceptions.hidden].sort((a, b) => a - b).join(',') : '';
  const shown = exceptions
    ? exceptions.shown
        .map((s) => `${s.occurrence}:${s.start}:${s.end}:${s.allDay ? 1 : 0}:${s.override ? 1 : 0}`)
        .join(',')
    : '';
  return `${series.start}|${series.end}|${series.allDay ? 1 : 0}|${series.timeZone}|${series.recurrence}|${series.lastStart}|${hidden}|${shown}`;
}

/** Whether the overlap test of the series' occurrences depends on the viewer's zone. */
function zoned(series: Series): boolean {
  return series.allDay || (series.exceptions?.shown.some((extra) => extra.allDay) ?? false);
}

export class SeriesIndex {
  /**
   * By key, sized by the occurrences an entry keeps (an empty one counts one): the least recently
   * used go first, until both bounds hold; an entry alone above the occurrences' bound is not kept.
   */
  private readonly entries: LRUCache<string, Entry>;
  /** Blocks expanded and blocks answered from the index, since the start (for tests and benches). */
  readonly counts = { expanded: 0, reused: 0 };

  constructor(maxSeries = 20_000, maxOccurrences = 200_000) {
    this.entries = new LRUCache<string, Entry>({
      max: maxSeries,
      maxSize: maxOccurrences,
      sizeCalculation: (entry) => Math.max(1, entry.size),
    });
    sweepIdle(this, (index, now) => index.forgetIdle(now));
  }

  /** Entries and occurrences kept (an entry without any counts one). */
  get size(): { series: number; occurrences: number } {
    return { series: this.entries.size, occurrences: this.entries.calculatedSize };
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * `occurrencesIn(series, from, to, viewerZone, limit)` of the event `id`, from the index: the
   * same occurrences, by start.
   */
  occurrencesIn(
    id: number,
    series: Series,
    from: number,
    to: number,
    viewerZone: string,
    limit = SERIES_OCCURRENCES_MAX,
  ): Occurrence[] {
    // A rule by the hour or the minute is counted out cheaply and fills blocks past their limit.
    if (!series.recurrence || !(from < to) || repeatsWithinDay(series))
      return occurrencesIn(series, from, to, viewerZone, limit);
    const isZoned = zoned(series);
    const key = isZoned ? `${id}|${viewerZone}` : `${id}|`;
    const signature = seriesSignature(series);
    let entry = this.entries.get(key);
    if (!entry || entry.signature !== signature) {
      let reach = series.end - series.start;
      for (const extra of series.exceptions?.shown ?? []) reach = Math.max(reach, extra.end - extra.start);
      if (isZoned) reach += ALL_DAY_SLACK_MS;
      entry = { signature, reach: Math.max(0, reach), blocks: new Map(), size: 0, used: 0 };
      this.entries.set(key, entry);
    }
    entry.used = Date.now();
    const first = Math.floor((from - entry.reach) / BLOCK_MS);
    const last = Math.floor((to - 1) / BLOCK_MS);
    if (last - first + 1 > MAX_BLOCKS || entry.dense)
      return occurrencesIn(series, from, to, viewerZone, limit);
    const size = entry.size;
    const filled = this.fill(entry, series, first, last, viewerZone);
    // lru-cache sizes an entry when it is set, and only when the value set is another.
    if (entry.size !== size) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    if (!filled) {
      entry.dense = true;
      return occurrencesIn(series, from, to, viewerZone, limit);
    }
    const found: Occurrence[] = [];
    let sorted = true;
    let previous: Occurrence | undefined;
    for (let block = first; block <= last; block += 1) {
      for (const item of entry.blocks.get(block)!) {
        if (item.start < to && (item.end > from || (item.end === item.start && item.start >= from))) {
          if (previous && compareOccurrences(previous, item.occurrence) > 0) sorted = false;
          previous = item.occurrence;
          found.push(item.occurrence);
        }
      }
    }
    if (!sorted) found.sort(compareOccurrences);
    return found.length > limit ? found.slice(0, limit) : found;
  }

  /**
   * Keeps the blocks first…last, expanding those not kept yet: each run of consecutive missing
   * blocks in one expansion of the rule (a rule's expansion costs the same for one block as for
   * sixteen: a read of a year of 1,318 yearly birthdays expanded each series 15 times, 1.3 s),
   * block by block when the run reaches the limit of occurrences. False when a block is at it.
   */
  private fill(entry: Entry, series: Series, first: number, last: number, viewerZone: string): boolean {
    let block = first;
    while (block <= last) {
      if (entry.blocks.has(block)) {
        this.counts.reused += 1;
        block += 1;
        continue;
      }
      let end = block;
      while (end < last && !entry.blocks.has(end + 1)) end += 1;
      if (!this.expand(entry, series, block, end, viewerZone)) {
        // A run of one block at the limit would only be expanded again.
        if (block === end) return false;
        for (let one = block; one <= end; one += 1) {
          if (!this.expand(entry, series, one, one, viewerZone)) return false;
        }
      }
      block = end + 1;
    }
    return true;
  }

  /**
   * The blocks first…last's occurrences (those starting in each), expanded together and kept;
   * false, keeping nothing, when they reach the limit of occurrences.
   */
  private expand(entry: Entry, series: Series, first: number, last: number, viewerZone: string): boolean {
    const start = first * BLOCK_MS;
    const end = (last + 1) * BLOCK_MS;
    // The rule's occurrences (those cancelled or overridden left out), then the overrides and
    // additions at their own times, each read with its own all-day flag, in occurrencesIn's order.
    const hidden = series.exceptions?.hidden;
    const ruleOnly: Series = hidden ? { ...series, exceptions: { hidden, shown: [] } } : series;
    const made = new Map<number, Kept[]>();
    for (let block = first; block <= last; block += 1) made.set(block, []);
    const keep = (occurrence: Occurrence, allDay: boolean) => {
      const span = allDay
        ? { start: dayStartIn(occurrence.start, viewerZone), end: dayStartIn(occurrence.end, viewerZone) }
        : occurrence;
      if (span.start >= start && span.start < end)
        made.get(Math.floor(span.start / BLOCK_MS))!.push({ occurrence, start: span.start, end: span.end });
    };
    const rule = occurrencesIn(ruleOnly, start, end, viewerZone, SERIES_OCCURRENCES_MAX, start);
    if (rule.length >= SERIES_OCCURRENCES_MAX) return false;
    for (const occurrence of rule) keep(occurrence, series.allDay);
    const shown = series.exceptions?.shown ?? [];
    for (const extra of shown) {
      const occurrence = {
        start: extra.start,
        end: extra.end,
        occurrence: extra.occurrence,
        exception: extra.override,
      };
      keep(occurrence, extra.allDay);
    }
    for (const list of made.values()) {
      if (shown.length > 0) list.sort((a, b) => a.occurrence.start - b.occurrence.start);
      if (list.length >= SERIES_OCCURRENCES_MAX) return false;
    }
    for (const [block, list] of made) {
      this.counts.expanded += 1;
      entry.blocks.set(block, list);
      entry.size += list.length;
    }
    return true;
  }

  /** Entries unused for `idleMs` go (the least recently used come first). */
  forgetIdle(now: number, idleMs = CACHE_IDLE_MS): void {
    const idle: string[] = [];
    for (const key of this.entries.rkeys()) {
      if (now - this.entries.peek(key)!.used < idleMs) break;
      idle.push(key);
    }
    for (const key of idle) this.entries.delete(key);
  }
}

/** The process's index, for the busy times of meetings' searches (CalendarBusyTimes.busyOf). */
export const seriesIndex = new SeriesIndex();
