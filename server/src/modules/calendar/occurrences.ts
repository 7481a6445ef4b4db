/**
 * A calendar event's occurrences. A repetition (RFC 5545 RRULE, expanded by `rrule`) keeps the
 * local time of the first occurrence in the owner's time zone: the rule runs on wall-clock times
 * written as UTC ("floating"), and each result is placed in the zone by luxon, so "every Monday
 * 09:00" stays 09:00 across a DST change while its length in minutes holds. All-day events are
 * days: they repeat in UTC and are placed in the viewer's zone only to test the overlap.
 */
import rrulePackage from 'rrule';
import { floating, placed } from '../../lib/zoned-time';

const { RRule } = rrulePackage;

const DAY_MS = 86_400_000;
/** The largest distance between UTC and a local time (UTC+14, UTC−12), for a day's overlap. */
export const ZONE_SLACK_MS = 14 * 3_600_000;
/** A rule without end ends here; it sorts after any real instant on both engines. */
export const FOREVER = '9999-12-31T23:59:59.999Z';
/** At most this many occurrences of one event in one read. */
const OCCURRENCES_MAX = 2000;

export interface Series {
  /** The first occurrence, epoch ms (an all-day event: its first day's 00:00Z). */
  start: number;
  end: number;
  allDay: boolean;
  timeZone: string;
  recurrence: string | null;
}

export interface Span {
  start: number;
  end: number;
}

/** The UNTIL part, as a floating wall time (a day means the whole of it). */
function floatingUntil(value: string, zone: string): Date {
  const digits = value.replace(/\D/g, '');
  const [y, mo, d] = [Number(digits.slice(0, 4)), Number(digits.slice(4, 6)), Number(digits.slice(6, 8))];
  if (digits.length === 8) return new Date(Date.UTC(y, mo - 1, d, 23, 59, 59));
  const [h, mi, s] = [
    Number(digits.slice(8, 10)),
    Number(digits.slice(10, 12)),
    Number(digits.slice(12, 14)),
  ];
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return value.endsWith('Z') ? floating(wall.getTime(), zone) : wall;
}

function zoneOf(series: Series): string {
  return series.allDay ? 'UTC' : series.timeZone;
}

/** The rule on floating times, starting at the series' first local start; throws on a bad rule. */
/** Rules already built, by their text, start and zone: a series read again costs no parsing. */
const rules = new Map<string, InstanceType<typeof RRule>>();
const RULES_KEPT = 20_000;

export function ruleOf(series: Series): InstanceType<typeof RRule> {
  const zone = zoneOf(series);
  const key = `${series.recurrence}|${series.start}|${zone}`;
  const cached = rules.get(key);
  if (cached) return cached;
  const text = series.recurrence ?? '';
  const until = /(?:^|;)UNTIL=([^;]+)/i.exec(text)?.[1];
  const options = RRule.parseString(text.replace(/(^|;)UNTIL=[^;]+/i, ''));
  if (options.freq === undefined || options.freq > RRule.DAILY) throw new Error('unsupported frequency');
  const rule = new RRule({
    ...options,
    dtstart: floating(series.start, zone),
    until: until ? floatingUntil(until, zone) : null,
  });
  if (rules.size >= RULES_KEPT) rules.clear();
  rules.set(key, rule);
  return rule;
}

/**
 * The rule, its start moved forward by whole periods to just before `wall` when that changes
 * nothing: `rrule` walks every occurrence from the start, so a daily or weekly series years old
 * would cost its whole history on each read. A rule with COUNT counts from its first start and
 * is left alone (COUNT ≤ 1000 bounds it); monthly and yearly ones are few per year.
 */
function ruleNear(series: Series, wall: number): InstanceType<typeof RRule> {
  const rule = ruleOf(series);
  const { freq, interval, count, bysetpos, dtstart } = rule.options;
  if (count !== null || bysetpos !== null || (freq !== RRule.DAILY && freq !== RRule.WEEKLY)) return rule;
  const period = (freq === RRule.WEEKLY ? 7 : 1) * DAY_MS * interval;
  const periods = Math.floor((wall - dtstart.getTime()) / period) - 1;
  if (periods <= 0) return rule;
  return new RRule({ ...rule.origOptions, dtstart: new Date(dtstart.getTime() + periods * period) });
}

/** The rule's parts that a plain period cannot stand for (BYDAY, BYMONTHDAY, BYSETPOS…). */
const PLAIN_PARTS = new Set(['freq', 'interval', 'count', 'until', 'dtstart', 'wkst']);

/**
 * A daily or weekly rule with nothing but INTERVAL, COUNT and UNTIL repeats its floating start
 * every period: its k-th start is the first plus k periods. The period, or null for any other rule.
 */
function plainPeriod(rule: InstanceType<typeof RRule>): number | null {
  const { freq, interval } = rule.origOptions;
  if (freq !== RRule.DAILY && freq !== RRule.WEEKLY) return null;
  for (const [part, value] of Object.entries(rule.origOptions)) {
    if (value !== null && value !== undefined && !PLAIN_PARTS.has(part)) return null;
  }
  return (freq === RRule.WEEKLY ? 7 : 1) * DAY_MS * (interval ?? 1);
}

/**
 * The floating starts within [after, before] (both included), at most OCCURRENCES_MAX: counted
 * out by arithmetic for a plain daily or weekly rule (most repetitions; `rrule` would walk each
 * one from the first), by `rrule` for any other. `byRule` forces the latter (tests compare both).
 */
export function wallsBetween(series: Series, after: Date, before: Date, byRule = false): Date[] {
  const period = byRule ? null : plainPeriod(ruleOf(series));
  if (period === null) {
    return ruleNear(series, after.getTime()).between(
      after,
      before,
      true,
      (_, index) => index < OCCURRENCES_MAX,
    );
  }
  const { dtstart, count, until } = ruleOf(series).options;
  const first = dtstart.getTime();
  const last = Math.min(before.getTime(), until?.getTime() ?? Infinity);
  const walls: Date[] = [];
  for (
    let k = Math.max(0, Math.ceil((after.getTime() - first) / period));
    walls.length < OCCURRENCES_MAX;
    k += 1
  ) {
    const wall = first + k * period;
    if ((count !== null && k >= count) || wall > last) break;
    walls.push(new Date(wall));
  }
  return walls;
}

/** Whether the rule parses and yields an occurrence within ten years (a bounded search). */
export function isUsableRule(series: Series): boolean {
  try {
    const rule = ruleOf(series);
    const first = rule.options.dtstart;
    const limit = new Date(first.getTime() + 3653 * DAY_MS);
    return rule.between(first, limit, true, (_, index) => index < 1).length > 0;
  } catch {
    return false;
  }
}

/** The end of the series' last occurrence, as an ISO instant (FOREVER for a rule without end). */
export function seriesEnd(series: Series): string {
  if (!series.recurrence) return new Date(series.end).toISOString();
  const rule = ruleOf(series);
  const duration = series.end - series.start;
  // UNTIL bounds the last start; COUNT (at most 1000) is counted out.
  if (rule.options.until)
    return new Date(placed(rule.options.until, zoneOf(series)) + duration).toISOString();
  if (rule.options.count === null) return FOREVER;
  const last = rule.all().at(-1);
  if (!last) return new Date(series.end).toISOString();
  return new Date(placed(last, zoneOf(series)) + duration).toISOString();
}

/**
 * The occurrences of a series that overlap [from, to), by start. An all-day occurrence covers its
 * days in `viewerZone`; a zero-length one overlaps when its instant lies in the range.
 */
export function occurrencesIn(series: Series, from: number, to: number, viewerZone: string): Span[] {
  const duration = series.end - series.start;
  const overlaps = (span: Span) => {
    const [start, end] = series.allDay
      ? [dayStartIn(span.start, viewerZone), dayStartIn(span.end, viewerZone)]
      : [span.start, span.end];
    return start < to && (end > from || (end === start && start >= from));
  };
  if (!series.recurrence) {
    const only = { start: series.start, end: series.end };
    return overlaps(only) ? [only] : [];
  }
  const zone = zoneOf(series);
  // The window on floating times, wide enough for any zone and for occurrences begun before `from`.
  const after = new Date(floating(from - duration, zone).getTime() - 2 * DAY_MS);
  const before = new Date(floating(to, zone).getTime() + 2 * DAY_MS);
  const spans: Span[] = [];
  for (const wall of wallsBetween(series, after, before)) {
    const start = placed(wall, zone);
    const span = { start, end: start + duration };
    if (overlaps(span)) spans.push(span);
  }
  return spans;
}

/** 00:00 in `zone` of the UTC day that `dayMs` (a 00:00Z instant) names. */
export function dayStartIn(dayMs: number, zone: string): number {
  return placed(new Date(dayMs), zone);
}

/** The first occurrence's start at or after `notBefore`, or null when the series has ended. */
export function nextStart(series: Series, notBefore: number): number | null {
  if (!series.recurrence) return series.start >= notBefore ? series.start : null;
  const zone = zoneOf(series);
  // A day early on floating times covers any zone's offset; then the first placed one not before.
  const early = floating(notBefore, zone).getTime() - DAY_MS;
  const rule = ruleNear(series, early);
  let wall = rule.after(new Date(early), true);
  for (let step = 0; wall && step < 400; step += 1) {
    const start = placed(wall, zone);
    if (start >= notBefore) return start;
    wall = rule.after(wall, false);
  }
  return null;
}
