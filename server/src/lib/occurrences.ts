/**
 * A calendar event's occurrences: the recurrence engine that the calendar, the reminders and
 * migration 0016 share, so it is in lib (it imports no module). A repetition (RFC 5545 RRULE, expanded by `rrule`) keeps the
 * local time of the first occurrence in the owner's time zone: the rule runs on wall-clock times
 * written as UTC ("floating"), and each result is placed in the zone by luxon, so "every Monday
 * 09:00" stays 09:00 across a DST change while its length in minutes holds. All-day events are
 * days: they repeat in UTC and are placed in the viewer's zone only to test the overlap.
 *
 * The series' start is always its first occurrence, whether the rule makes it or not (RFC 5545
 * §3.8.5.3, as Google, Apple and python read it; `rrule` leaves out a start that does not match
 * the rule), and it counts towards COUNT: "every Monday, 3 times" starting on a Tuesday is that
 * Tuesday and two Mondays.
 *
 * Bounded (D41): `rrule` walks every period from the rule's start, so each call here asks it only
 * for a window — the rule's start moved forward by whole periods to just before the window, which
 * changes none of its occurrences — and for at most a given number of results. A rule counted by
 * COUNT is expanded as the same rule ending at its last start, found once when the event is
 * written (`lastStartOf`, year by year). Nothing repeats before 1900 or after 2200.
 *
 * Rules by the hour and by the minute (D49) step on the same floating times: one that lands on the
 * same times every day is counted out day by day (`dayPlanOf`), any other walked by `rrule` under a
 * budget of days and results. A time a spring-forward gap lacks is placed after it, and counted
 * once where the rule has that instant already.
 */
import rrulePackage from 'rrule';
import { keptCache } from './caches';
import { WorkSlicer } from './work-slicer';
import { floating, placed } from './zoned-time';

const { RRule } = rrulePackage;
type Rule = InstanceType<typeof RRule>;

const DAY_MS = 86_400_000;
const YEAR_MS = 366 * DAY_MS;
/** The largest distance between UTC and a local time (UTC+14, UTC−12), for a day's overlap. */
export const ZONE_SLACK_MS = 14 * 3_600_000;
/** A rule without end ends here; it sorts after any real instant on both engines. */
export const FOREVER = '9999-12-31T23:59:59.999Z';
/** The years an event may start in, and after which no rule repeats (D41). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;
export const TIME_MIN = Date.UTC(YEAR_MIN, 0, 1);
/** The first instant after the last year (exclusive). */
export const TIME_END = Date.UTC(YEAR_MAX + 1, 0, 1);
/** At most this many occurrences of one series in one call. */
export const SERIES_OCCURRENCES_MAX = 5000;
/** A rule must yield its first occurrence within this many years of its start. */
const FIRST_WITHIN_YEARS = 10;

export interface Series {
  /** The first occurrence, epoch ms (an all-day event: its first day's 00:00Z). */
  start: number;
  end: number;
  allDay: boolean;
  timeZone: string;
  recurrence: string | null;
  /**
   * No occurrence starts after this instant (epoch ms): the exact last start of a rule with COUNT,
   * the UNTIL of one with UNTIL; null for a rule without end. Left out, it is worked out here.
   */
  lastStart?: number | null;
  /** The series' changed, cancelled and added occurrences (D39, D40). */
  exceptions?: SeriesExceptions;
}

export interface SeriesExceptions {
  /** Original starts the rule makes that do not show as made: cancelled, or overridden. */
  hidden: Set<number>;
  /** Overrides at their own times, and additions, each with the original start it stands for. */
  shown: Array<{ occurrence: number; start: number; end: number; allDay: boolean; override: boolean }>;
}

export interface Span {
  start: number;
  end: number;
}

/** An occurrence: its span, the original start that names it, and whether it is an override. */
export interface Occurrence extends Span {
  occurrence: number;
  exception: boolean;
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

/** The last floating wall time any rule may reach. */
const WALL_END = new Date(TIME_END + DAY_MS);

/**
 * Rules already built, by their text, start and zone: a series read again costs no parsing. Up to
 * RULES_KEPT, and RULES_BYTES as estimated (a built pair is about 1.9 KB): well above the 2,000
 * series a file may bring (CALENDAR_IMPORT_SERIES_MAX), so that one calendar read over all of them
 * does not evict the rules it is about to use again. A rule unused for a while goes (caches.ts):
 * the soak showed the store growing by one rule per new repeating event, deleted or not.
 */
type BuiltRules = { counted: Rule; open: Rule; lastWall?: Date | null };
const RULES_KEPT = 5_000;
const RULES_BYTES = 8 * 1024 * 1024;
const rules = keptCache<string, BuiltRules>({
  max: RULES_KEPT,
  maxBytes: RULES_BYTES,
  bytesOf: (_built, key) => 1_500 + 4 * key.length,
});

/**
 * The rule as written (`counted`: with its COUNT, ending by 2200 at the latest), and the same rule
 * without COUNT (`open`), which windows of expansion use; throws on a rule `rrule` cannot read.
 */
function rulesOf(series: Series): BuiltRules {
  const zone = zoneOf(series);
  const key = `${series.recurrence}|${series.start}|${zone}`;
  const cached = rules.get(key);
  if (cached) return cached;
  const text = series.recurrence ?? '';
  const untilText = /(?:^|;)UNTIL=([^;]+)/i.exec(text)?.[1];
  const options = RRule.parseString(text.replace(/(^|;)UNTIL=[^;]+/i, ''));
  if (options.freq === undefined || options.freq > RRule.MINUTELY) throw new Error('unsupported frequency');
  if (!reachesItsTimes(options, floating(series.start, zone))) throw new Error('times never reached');
  const until = untilText ? floatingUntil(untilText, zone) : null;
  if (until && Number.isNaN(until.getTime())) throw new Error('bad UNTIL');
  const dtstart = floating(series.start, zone);
  withinHours(options, dtstart);
  coarsen(options);
  const cappedUntil = until && until < WALL_END ? until : WALL_END;
  // Without rrule's own cache of answers: every read here goes through an iterator, which skips it.
  const counted = new RRule({ ...options, dtstart, until: cappedUntil }, true);
  const { count: _count, ...uncounted } = options;
  const open = new RRule({ ...uncounted, dtstart, until: cappedUntil }, true);
  const built: BuiltRules = { counted, open };
  rules.set(key, built);
  return built;
}

/**
 * A rule by the minute kept to some hours is that of the hours, at the minutes it steps on in each
 * (`FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,10` from 09:05 is every hour 9 and 10 at :05, :20, :35 and
 * :50): `rrule` steps such a rule from one listed hour to the next at the same minute, which is
 * not RFC 5545's, and may step for ever. Exact when INTERVAL divides an hour; any other is refused.
 */
function withinHours(options: Rule['origOptions'], dtstart: Date): void {
  if (options.freq !== RRule.MINUTELY || !isSet(options.byhour)) return;
  const interval = options.interval ?? 1;
  if (60 % interval !== 0) throw new Error('minutes that do not divide an hour, within some hours');
  const listed = listOf(options.byminute);
  const stepped = Array.from(
    { length: 60 / interval },
    (_, k) => (dtstart.getUTCMinutes() + k * interval) % 60,
  );
  const minutes = stepped.filter((minute) => !listed || listed.includes(minute)).sort((a, b) => a - b);
  if (minutes.length === 0) throw new Error('times never reached');
  options.freq = RRule.HOURLY;
  options.interval = 1;
  options.byminute = minutes;
}

/**
 * A daily or weekly rule (INTERVAL 1, no BYSETPOS) that keeps only some days of the month
 * (BYMONTHDAY) is the yearly rule of the same days: "every day, if it is 29 February" walks 365
 * periods a year for one occurrence in four years, "every year on 29 February" one. Same
 * occurrences, far fewer periods; changed in place.
 */
function coarsen(options: Rule['origOptions']): void {
  if (options.freq !== RRule.DAILY && options.freq !== RRule.WEEKLY) return;
  if ((options.interval ?? 1) !== 1 || isSet(options.bysetpos) || !isSet(options.bymonthday)) return;
  // With BYMONTHDAY, `rrule` takes no weekday from the start, whatever the frequency.
  options.freq = RRule.YEARLY;
  delete options.wkst;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const isWithinDay = (freq: number | undefined) => freq === RRule.HOURLY || freq === RRule.MINUTELY;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const listOf = (value: number | number[] | null | undefined): number[] | null =>
  value === null || value === undefined ? null : Array.isArray(value) ? value : [value];

/**
 * Whether an hourly or by-the-minute rule can reach one of its BYHOUR (and BYMINUTE) times from
 * its start. Stepping INTERVAL hours (minutes) from the start only ever lands on hours (minutes of
 * the day) equal to the start's modulo gcd(INTERVAL, 24) (gcd(INTERVAL, 1440)); `rrule` steps
 * until it lands on a listed one, so a rule that never can (`FREQ=MINUTELY;INTERVAL=60;BYMINUTE=30`
 * from 09:00) would step for ever. BYSETPOS, a position within an hour or a minute, is refused.
 */
function reachesItsTimes(options: Rule['origOptions'], dtstart: Date): boolean {
  if (!isWithinDay(options.freq)) return true;
  if (isSet(options.bysetpos)) return false;
  const interval = options.interval ?? 1;
  const hours = listOf(options.byhour) ?? Array.from({ length: 24 }, (_, hour) => hour);
  if (options.freq === RRule.HOURLY) {
    const step = gcd(interval, 24);
    return hours.some((hour) => (hour - dtstart.getUTCHours()) % step === 0);
  }
  const step = gcd(interval, 1440);
  const minutes = listOf(options.byminute) ?? Array.from({ length: 60 }, (_, minute) => minute);
  const from = dtstart.getUTCHours() * 60 + dtstart.getUTCMinutes();
  return hours.some((hour) => minutes.some((minute) => (hour * 60 + minute - from) % step === 0));
}

/** Whether the series repeats by the hour or by the minute. */
export function repeatsWithinDay(series: Series): boolean {
  return series.recurrence !== null && isWithinDay(rulesOf(series).counted.origOptions.freq);
}

/** The rule as written, on floating times, ending by 2200; throws on a bad rule. */
export function ruleOf(series: Series): Rule {
  return rulesOf(series).counted;
}

const isSet = (value: unknown) =>
  value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);

/**
 * The rule (without COUNT), its start moved forward by whole periods to at least one period before
 * `wall` (epoch ms of a floating time), giving exactly the same occurrences from there on. Daily
 * and weekly rules move by INTERVAL days or weeks (the weekday and the week's place are kept),
 * hourly and by-the-minute ones by INTERVAL hours or minutes (the times they step on are kept);
 * monthly and yearly ones to the first day of a month or year INTERVAL periods on, the day that
 * `rrule` would have taken from the start written out as BYMONTHDAY (and BYMONTH).
 */
function shifted(rule: Rule, wall: number): Rule {
  const options = rule.origOptions;
  const dtstart = rule.options.dtstart;
  const first = dtstart.getTime();
  const byPeriod = options.freq === RRule.DAILY || options.freq === RRule.WEEKLY || isWithinDay(options.freq);
  if (wall - first < 2 * YEAR_MS && !byPeriod) return rule;
  const interval = options.interval ?? 1;
  const time = [dtstart.getUTCHours(), dtstart.getUTCMinutes(), dtstart.getUTCSeconds()] as const;
  const at = new Date(wall);
  const dayParts = ['byweekno', 'byyearday', 'bymonthday', 'byweekday', 'byeaster'] as const;
  const derived = !dayParts.some((part) => isSet(options[part]));
  switch (options.freq) {
    case RRule.MINUTELY:
    case RRule.HOURLY:
    case RRule.DAILY:
    case RRule.WEEKLY: {
      const period = periodMs(rule);
      const periods = Math.floor((wall - first) / period) - 1;
      if (periods <= 0) return rule;
      return new RRule({ ...options, dtstart: new Date(first + periods * period) });
    }
    case RRule.MONTHLY: {
      const months =
        (at.getUTCFullYear() - dtstart.getUTCFullYear()) * 12 + at.getUTCMonth() - dtstart.getUTCMonth();
      const periods = Math.floor(months / interval) - 1;
      if (periods <= 0) return rule;
      const month = dtstart.getUTCMonth() + periods * interval;
      return new RRule({
        ...options,
        ...(derived ? { bymonthday: [dtstart.getUTCDate()] } : {}),
        dtstart: new Date(Date.UTC(dtstart.getUTCFullYear(), month, 1, ...time)),
      });
    }
    case RRule.YEARLY: {
      const periods = Math.floor((at.getUTCFullYear() - dtstart.getUTCFullYear()) / interval) - 1;
      if (periods <= 0) return rule;
      return new RRule({
        ...options,
        ...(derived
          ? { bymonth: options.bymonth ?? [dtstart.getUTCMonth() + 1], bymonthday: [dtstart.getUTCDate()] }
          : {}),
        dtstart: new Date(Date.UTC(dtstart.getUTCFullYear() + periods * interval, 0, 1, ...time)),
      });
    }
    default:
      return rule;
  }
}

/** A window's walk of the rule went past its budget of periods. */
class PeriodsSpent extends Error {}

/**
 * The work the rules have done in this process, in units of about 0.07 µs here: each period walked
 * costs 60 and each day in it 1 (`rrule` filters a yearly period's 366 days one by one), each call
 * a few periods more. A measure of work that does not depend on the machine's load.
 */
export const walked = { work: 0 };

/** The shortest length of one period of the rule, for its budget. */
function periodMs(rule: Rule): number {
  const lengths: Record<number, number> = {
    [RRule.MINUTELY]: MINUTE_MS,
    [RRule.HOURLY]: HOUR_MS,
    [RRule.WEEKLY]: 7 * DAY_MS,
    [RRule.MONTHLY]: 28 * DAY_MS,
    [RRule.YEARLY]: 365 * DAY_MS,
  };
  return (lengths[rule.options.freq] ?? DAY_MS) * Math.max(1, rule.options.interval);
}

/**
 * `rule.between(after, before)` (both included), at most `limit` results, walking at most the
 * periods from the rule's start to `before` and a few more. `rrule` stops at `before` or UNTIL
 * only when it meets an occurrence past them, so a rule with no further occurrence (BYMONTH=2;
 * BYMONTHDAY=30) would walk every period to the year 9999: the walk reads the rule's INTERVAL
 * once or twice per period, and a getter counting those reads ends it past the budget.
 */
export function boundedBetween(rule: Rule, after: Date, before: Date, limit: number): Date[] {
  const found: Date[] = [];
  if (limit <= 0 || before < after) return found;
  const options = rule.options;
  const interval = options.interval;
  const length = periodMs(rule);
  const span = before.getTime() - options.dtstart.getTime();
  // Within a day, `rrule` steps over a day its BYDAY, BYMONTH or BYMONTHDAY leave out in one
  // period, and reads INTERVAL about once per time it finds: a budget of days and results, not of
  // the minutes in the window (a rule whose days never come would walk 576,000 of them a year).
  const periods = isWithinDay(options.freq)
    ? Math.ceil(span / DAY_MS) + Math.min(limit, Math.ceil(span / length)) + 4
    : Math.ceil(span / length) + 4;
  const daysPerPeriod = Math.max(1, Math.round(length / DAY_MS / Math.max(1, interval)));
  let reads = 0;
  Object.defineProperty(options, 'interval', {
    configurable: true,
    enumerable: true,
    get: () => {
      if ((reads += 1) > 2 * periods + 8) throw new PeriodsSpent();
      return interval;
    },
  });
  try {
    rule.between(after, before, true, (date) => {
      if (found.length >= limit) return false;
      found.push(date);
      return found.length < limit;
    });
  } catch (error) {
    if (!(error instanceof PeriodsSpent)) throw error;
  } finally {
    // Each call also costs building its rule: counted as a few periods more.
    const periodsWalked = Math.ceil(reads / 2) + 8;
    walked.work += periodsWalked * (60 + daysPerPeriod);
    Object.defineProperty(options, 'interval', {
      configurable: true,
      enumerable: true,
      writable: true,
      value: interval,
    });
  }
  return found;
}

/** The parts a plain period can stand for. */
const PLAIN_PARTS = new Set(['freq', 'interval', 'until', 'dtstart', 'wkst']);

/**
 * An hourly, by-the-minute, daily or weekly rule with nothing but INTERVAL and UNTIL repeats its
 * floating start every period: its k-th start is the first plus k periods. The period, or null
 * for any other rule.
 */
function plainPeriod(rule: Rule): number | null {
  const { freq } = rule.origOptions;
  if (freq !== RRule.DAILY && freq !== RRule.WEEKLY && !isWithinDay(freq)) return null;
  for (const [part, value] of Object.entries(rule.origOptions)) {
    if (value !== null && value !== undefined && !PLAIN_PARTS.has(part)) return null;
  }
  return periodMs(rule);
}

/**
 * A monthly or yearly rule with nothing but INTERVAL and UNTIL repeats its floating start's day
 * and time every so many months (a birthday, a rent day): the months, or null for any other rule.
 * A month without that day (the 31st, a 29 February outside leap years) has none (RFC 5545).
 */
function plainMonths(rule: Rule): number | null {
  const { freq, interval } = rule.origOptions;
  if (freq !== RRule.MONTHLY && freq !== RRule.YEARLY) return null;
  for (const [part, value] of Object.entries(rule.origOptions)) {
    if (value !== null && value !== undefined && !PLAIN_PARTS.has(part)) return null;
  }
  return (freq === RRule.YEARLY ? 12 : 1) * (interval ?? 1);
}

/** The k-th starts of a plain monthly or yearly rule within [after, before], counted by months. */
function monthlyWalls(rule: Rule, months: number, after: Date, before: Date, limit: number): Date[] {
  const { dtstart, until } = rule.options;
  const year = dtstart.getUTCFullYear();
  const month = dtstart.getUTCMonth();
  const day = dtstart.getUTCDate();
  const time = dtstart.getTime() - Date.UTC(year, month, day);
  const last = Math.min(before.getTime(), until?.getTime() ?? Infinity);
  const monthsBefore = (after.getUTCFullYear() - year) * 12 + after.getUTCMonth() - month;
  const walls: Date[] = [];
  for (let k = Math.max(0, Math.floor(monthsBefore / months) - 1); walls.length < limit; k += 1) {
    // Past the window from the first of that month on: nothing later is in it.
    if (Date.UTC(year, month + k * months, 1) > before.getTime()) break;
    const wall = Date.UTC(year, month + k * months, day) + time;
    // The day overflowed into the next month: that month has no such day.
    if (new Date(wall).getUTCDate() !== day) continue;
    // The start is an occurrence even past UNTIL.
    if (wall > before.getTime() || (wall > last && k > 0)) break;
    if (wall >= after.getTime()) walls.push(new Date(wall));
  }
  return walls;
}

/** The days and the times of day of a rule by the hour or by the minute that lands on the same times every day. */
interface DayPlan {
  /** Milliseconds after the day's 00:00 (floating), in order. */
  times: number[];
  /** Monday 0 to Sunday 6; null for every day. */
  weekdays: number[] | null;
  monthDays: number[] | null;
  months: number[] | null;
}

/** The parts a day plan reads (FREQ and INTERVAL give the times; COUNT is already UNTIL). */
const DAY_PLAN_PARTS = new Set([
  ...PLAIN_PARTS,
  'count',
  'byhour',
  'byminute',
  'byweekday',
  'bymonthday',
  'bymonth',
]);

/**
 * A rule by the hour whose INTERVAL divides 24, or by the minute whose INTERVAL divides 1,440,
 * lands on the same times every day it keeps (stepping from its start carries over midnight onto
 * the same times of day): those times, and the days its BYDAY, BYMONTHDAY and BYMONTH keep. Then
 * its starts are counted out day by day, where `rrule` costs several microseconds a start. Null
 * for any other rule (an ordinal weekday, an INTERVAL that does not divide a day).
 */
function dayPlanOf(rule: Rule): DayPlan | null {
  const options = rule.origOptions;
  if (!isWithinDay(options.freq)) return null;
  for (const [part, value] of Object.entries(options)) {
    if (value !== null && value !== undefined && !DAY_PLAN_PARTS.has(part)) return null;
  }
  const interval = options.interval ?? 1;
  const { dtstart } = rule.options;
  const hours = listOf(options.byhour);
  const minutes = listOf(options.byminute);
  const second = dtstart.getUTCSeconds() * 1000;
  const startMinute = dtstart.getUTCHours() * 60 + dtstart.getUTCMinutes();
  let times: number[];
  if (options.freq === RRule.HOURLY) {
    if (24 % interval !== 0) return null;
    const kept = Array.from({ length: 24 }, (_, hour) => hour).filter(
      (hour) => (hour - dtstart.getUTCHours()) % interval === 0 && (!hours || hours.includes(hour)),
    );
    const atMinutes = minutes ?? [dtstart.getUTCMinutes()];
    times = kept.flatMap((hour) => atMinutes.map((minute) => (hour * 60 + minute) * MINUTE_MS + second));
  } else {
    if (1440 % interval !== 0) return null;
    times = Array.from({ length: 1440 }, (_, minute) => minute)
      .filter(
        (minute) =>
          (minute - startMinute) % interval === 0 &&
          (!hours || hours.includes(Math.floor(minute / 60))) &&
          (!minutes || minutes.includes(minute % 60)),
      )
      .map((minute) => minute * MINUTE_MS + second);
  }
  // Weekdays as `rrule` parsed them (Monday 0); an ordinal one ("1MO") is not a day plan.
  if (isSet(rule.options.bynweekday)) return null;
  return {
    times: times.sort((a, b) => a - b),
    weekdays: isSet(rule.options.byweekday) ? rule.options.byweekday : null,
    monthDays: listOf(options.bymonthday),
    months: listOf(options.bymonth),
  };
}

/** Whether a day (its 00:00, floating) is one the plan keeps. */
function keepsDay(plan: DayPlan, day: number): boolean {
  if (plan.weekdays && !plan.weekdays.includes((((day / DAY_MS + 3) % 7) + 7) % 7)) return false;
  if (!plan.monthDays && !plan.months) return true;
  const date = new Date(day);
  if (plan.months && !plan.months.includes(date.getUTCMonth() + 1)) return false;
  if (!plan.monthDays) return true;
  const monthDay = date.getUTCDate();
  const length = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  return plan.monthDays.some((wanted) => wanted === monthDay || wanted === monthDay - length - 1);
}

/** The starts of a day plan within [after, before], at most `limit`, the series' start first. */
function dayPlanWalls(rule: Rule, plan: DayPlan, after: Date, before: Date, limit: number): Date[] {
  const { dtstart, until } = rule.options;
  const first = dtstart.getTime();
  const from = Math.max(after.getTime(), first);
  const last = Math.min(before.getTime(), until?.getTime() ?? Infinity);
  const walls: Date[] = [];
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day <= last && walls.length < limit; day += DAY_MS) {
    if (!keepsDay(plan, day)) continue;
    for (const time of plan.times) {
      const wall = day + time;
      if (wall < from) continue;
      if (wall > last || walls.length >= limit) break;
      walls.push(new Date(wall));
    }
  }
  // The start, when the rule does not make it (it would be the first of them).
  if (first >= after.getTime() && first <= before.getTime() && walls[0]?.getTime() !== first) {
    walls.unshift(new Date(first));
    if (walls.length > limit) walls.pop();
  }
  return walls;
}

/**
 * The rule that windows expand: without COUNT, ending at the series' last start (a rule with
 * COUNT) or its UNTIL, and by 2200.
 */
function openRule(series: Series): Rule {
  const { counted, open } = rulesOf(series);
  if (counted.options.count === null) return open;
  const last = series.lastStart !== undefined ? series.lastStart : lastStartSync(series);
  const until = last === null ? WALL_END : floating(last, zoneOf(series));
  return new RRule({ ...open.origOptions, until });
}

/**
 * The floating starts within [after, before] (both included), at most `limit`: counted out by
 * arithmetic for a plain daily, weekly, monthly or yearly rule, by `rrule` over the window for any
 * other. `byRule` forces the latter (tests compare both).
 */
export function wallsBetween(
  series: Series,
  after: Date,
  before: Date,
  limit = SERIES_OCCURRENCES_MAX,
  byRule = false,
): Date[] {
  if (limit <= 0) return [];
  const rule = openRule(series);
  const months = byRule ? null : plainMonths(rule);
  if (months !== null) return monthlyWalls(rule, months, after, before, limit);
  const period = byRule ? null : plainPeriod(rule);
  const { dtstart, until } = rule.options;
  const first = dtstart.getTime();
  const plan = period === null && !byRule ? dayPlanOf(rule) : null;
  if (plan) return dayPlanWalls(rule, plan, after, before, limit);
  if (period === null) {
    const walls = boundedBetween(shifted(rule, after.getTime()), after, before, limit);
    // The start, when the rule does not make it (it would be the first of them).
    if (first >= after.getTime() && first <= before.getTime() && walls[0]?.getTime() !== first) {
      walls.unshift(new Date(first));
      if (walls.length > limit) walls.pop();
    }
    return walls;
  }
  const last = Math.min(before.getTime(), until?.getTime() ?? Infinity);
  const walls: Date[] = [];
  for (let k = Math.max(0, Math.ceil((after.getTime() - first) / period)); walls.length < limit; k += 1) {
    const wall = first + k * period;
    // The start is an occurrence even past UNTIL.
    if (wall > before.getTime() || (wall > last && k > 0)) break;
    walls.push(new Date(wall));
  }
  return walls;
}

/**
 * The last floating start of a rule with COUNT, counted year by year from its start with the
 * window rule (each step costs one year of the rule's periods); yields between years. Null when
 * the count is not reached by 2200 (the series then ends there).
 */
function* countedLastSteps(series: Series): Generator<void, Date | null> {
  const { counted, open } = rulesOf(series);
  const count = counted.options.count ?? 0;
  // Windows of a year, or of 366 periods for a rule of longer periods (a yearly one: 366 years).
  const window = Math.max(YEAR_MS, 366 * periodMs(open));
  const { dtstart } = counted.options;
  // A start the rule does not make is an occurrence too, and counts as the first (RFC 5545).
  const madeByRule = ruleMakesStart(series);
  let seen = madeByRule ? 0 : 1;
  let last: Date | null = madeByRule ? null : dtstart;
  if (seen >= count) return last;
  // A plain rule makes its start and one start a period: its count-th is counted out.
  const period = plainPeriod(open);
  if (period !== null) {
    const wall = dtstart.getTime() + (count - 1) * period;
    return wall < WALL_END.getTime() ? new Date(wall) : null;
  }
  for (let from = dtstart.getTime(); from < WALL_END.getTime(); from += window) {
    const walls = boundedBetween(
      shifted(open, from),
      new Date(from),
      new Date(from + window - 1000),
      count - seen,
    );
    if (seen + walls.length >= count) return walls[count - seen - 1]!;
    seen += walls.length;
    last = walls.at(-1) ?? last;
    yield;
  }
  return last;
}

function lastOfSteps(series: Series, wall: Date | null): number | null {
  return wall === null ? null : placed(wall, zoneOf(series));
}

function untilOrOpen(series: Series): number | null | undefined {
  if (!series.recurrence) return series.start;
  const { counted } = rulesOf(series);
  if (counted.options.count !== null) return undefined;
  const until = counted.options.until!;
  // The start is an occurrence even when UNTIL comes before it.
  return until >= WALL_END ? null : Math.max(series.start, placed(until, zoneOf(series)));
}

/** Whether the rule itself makes the series' start (else the start is an occurrence of its own). */
export function ruleMakesStart(series: Series): boolean {
  const { open } = rulesOf(series);
  const { dtstart } = open.options;
  return boundedBetween(open, dtstart, dtstart, 1).length > 0;
}

/**
 * Whether the rule's UNTIL comes before the series' start: it then makes no occurrence but the
 * start (false for a rule without UNTIL, or one that cannot be read).
 */
export function untilBeforeStart(series: Series): boolean {
  try {
    const { counted } = rulesOf(series);
    return counted.options.count === null && counted.options.until! < counted.options.dtstart;
  } catch {
    return false;
  }
}

/** Worked out once per rule, start and zone (kept with the built rule). */
function lastStartSync(series: Series): number | null {
  const known = untilOrOpen(series);
  if (known !== undefined) return known;
  const built = rulesOf(series);
  if (built.lastWall === undefined) {
    const steps = countedLastSteps(series);
    let step = steps.next();
    while (!step.done) step = steps.next();
    built.lastWall = step.value;
  }
  return lastOfSteps(series, built.lastWall);
}

/**
 * No occurrence of the series starts after this instant (see Series.lastStart); null for a rule
 * without end. A rule with COUNT is counted out year by year, the event loop turning between years.
 */
export async function lastStartOf(series: Series, slicer = new WorkSlicer()): Promise<number | null> {
  const known = untilOrOpen(series);
  if (known !== undefined) return known;
  const steps = countedLastSteps(series);
  let step = steps.next();
  while (!step.done) {
    await slicer.pause();
    step = steps.next();
  }
  return lastOfSteps(series, step.value);
}

/**
 * Whether the rule parses, starts within 1900–2200, and yields an occurrence within ten years of
 * its start (looked for a year at a time).
 */
export function isUsableRule(series: Series): boolean {
  if (series.start < TIME_MIN || series.start >= TIME_END) return false;
  try {
    const { open, counted } = rulesOf(series);
    // Its days first, as a daily rule (a few periods for days that never come, where by the hour
    // it would walk each day of the ten years): a rule within a day occurs only on those days.
    if (isWithinDay(open.origOptions.freq) && !isUsableRule({ ...series, recurrence: daysOf(series) }))
      return false;
    const first = counted.options.dtstart.getTime();
    const end = first + FIRST_WITHIN_YEARS * YEAR_MS;
    const window = Math.max(YEAR_MS, 366 * periodMs(open));
    for (let from = first; from < end; from += window) {
      const to = Math.min(end, from + window) - 1000;
      if (boundedBetween(shifted(open, from), new Date(from), new Date(to), 1).length > 0) return true;
    }
    return false;
  } catch {
    return false;
  }
}

/** The daily rule of the days a rule by the hour or by the minute may occur on. */
function daysOf(series: Series): string {
  const dayParts = (series.recurrence ?? '')
    .split(';')
    .filter((part) => /^(BYDAY|BYMONTHDAY|BYMONTH)=/i.test(part));
  return ['FREQ=DAILY', ...dayParts].join(';');
}

/** The end of the series' last occurrence, as an ISO instant (FOREVER for a rule without end). */
export function seriesEndOf(series: Series, lastStart: number | null): string {
  if (!series.recurrence) return new Date(series.end).toISOString();
  if (lastStart === null) return FOREVER;
  return new Date(lastStart + (series.end - series.start)).toISOString();
}

/**
 * The occurrences of a series that overlap [from, to), by start, at most `limit`; those starting
 * before `startsFrom` are left out. An all-day occurrence covers its days in `viewerZone`; a
 * zero-length one overlaps when its instant lies in the range. The rule's occurrences that are
 * cancelled or overridden are left out, and the overrides and additions put in at their own times.
 */
export function occurrencesIn(
  series: Series,
  from: number,
  to: number,
  viewerZone: string,
  limit = SERIES_OCCURRENCES_MAX,
  startsFrom = -Infinity,
): Occurrence[] {
  const duration = series.end - series.start;
  const keeps = (span: Span, allDay: boolean) => {
    const [start, end] = allDay
      ? [dayStartIn(span.start, viewerZone), dayStartIn(span.end, viewerZone)]
      : [span.start, span.end];
    return start >= startsFrom && start < to && (end > from || (end === start && start >= from));
  };
  if (!series.recurrence) {
    const only = { start: series.start, end: series.end, occurrence: series.start, exception: false };
    return keeps(only, series.allDay) ? [only] : [];
  }
  const zone = zoneOf(series);
  const hidden = series.exceptions?.hidden;
  // The window on floating times, wide enough for any zone and for occurrences begun before `from`.
  const after = new Date(floating(Math.max(from, startsFrom) - duration, zone).getTime() - 2 * DAY_MS);
  const before = new Date(floating(Math.min(to, TIME_END), zone).getTime() + 2 * DAY_MS);
  const spans: Occurrence[] = [];
  // Times a spring-forward gap moves onto the hour after it, where the rule has one already.
  const placedStarts = repeatsWithinDay(series) ? new Set<number>() : null;
  if (after < before) {
    // A few extra, for those the overlap test leaves out at the window's edges or hides.
    for (const wall of wallsBetween(series, after, before, limit + 8 + (hidden?.size ?? 0))) {
      const start = placed(wall, zone);
      if (hidden?.has(start)) continue;
      if (placedStarts) {
        if (placedStarts.has(start)) continue;
        placedStarts.add(start);
      }
      const span = { start, end: start + duration, occurrence: start, exception: false };
      if (keeps(span, series.allDay)) spans.push(span);
      if (spans.length >= limit) break;
    }
  }
  const shown = series.exceptions?.shown ?? [];
  if (shown.length === 0) return spans;
  for (const extra of shown) {
    const span = {
      start: extra.start,
      end: extra.end,
      occurrence: extra.occurrence,
      exception: extra.override,
    };
    if (keeps(span, extra.allDay)) spans.push(span);
  }
  spans.sort(compareOccurrences);
  return spans.length > limit ? spans.slice(0, limit) : spans;
}

/**
 * The order of a series' occurrences: by start, then the series' own before the changed ones,
 * then by the occurrence they stand for, then by end (an added date on a time the rule gives
 * too) — one order whatever the order they were found in (the index of series finds them block
 * by block).
 */
export function compareOccurrences(a: Occurrence, b: Occurrence): number {
  return (
    a.start - b.start ||
    Number(a.exception) - Number(b.exception) ||
    a.occurrence - b.occurrence ||
    a.end - b.end
  );
}

/**
 * Whether the series makes an occurrence at the original start `occurrence` (an instant): one of
 * the rule's (cancelled or not) or an addition. For D39's 404 on an occurrence that does not exist.
 */
export function makesOccurrence(series: Series, occurrence: number): boolean {
  if (!series.recurrence) return occurrence === series.start;
  if (series.exceptions?.shown.some((extra) => !extra.override && extra.occurrence === occurrence))
    return true;
  const zone = zoneOf(series);
  const wall = floating(occurrence, zone).getTime();
  // Far enough for any zone's change of offset (an hour at most); closer for a rule of hours or
  // minutes, whose times there could be many more than those looked at.
  const reach = repeatsWithinDay(series) ? 3 * HOUR_MS : 2 * DAY_MS;
  const walls = wallsBetween(
    { ...series, exceptions: undefined },
    new Date(wall - reach),
    new Date(wall + reach),
    repeatsWithinDay(series) ? 400 : 64,
  );
  return walls.some((candidate) => placed(candidate, zone) === occurrence);
}

/** 00:00 in `zone` of the UTC day that `dayMs` (a 00:00Z instant) names. */
export function dayStartIn(dayMs: number, zone: string): number {
  return placed(new Date(dayMs), zone);
}

/**
 * The first start of the rule's occurrences at or after `notBefore`, leaving out those cancelled
 * or overridden (an override has its own reminder: see reminders.ts), or null when there is none
 * within ten years: windows of a month, doubling, so a near occurrence costs a month of the rule.
 */
export function nextStart(series: Series, notBefore: number): number | null {
  if (!series.recurrence) return series.start >= notBefore ? series.start : null;
  const zone = zoneOf(series);
  const last = series.lastStart !== undefined ? series.lastStart : lastStartSync(series);
  const horizon = Math.min(notBefore + FIRST_WITHIN_YEARS * YEAR_MS, last ?? Infinity, TIME_END);
  // A day early on floating times covers any zone's offset; then the first placed one not before.
  let from = Math.max(floating(notBefore, zone).getTime() - DAY_MS, floating(series.start, zone).getTime());
  for (let size = 32 * DAY_MS; from <= floating(horizon, zone).getTime() + DAY_MS; size *= 2) {
    const walls = wallsBetween(series, new Date(from), new Date(from + size - 1000), 64);
    for (const wall of walls) {
      const start = placed(wall, zone);
      if (series.exceptions?.hidden.has(start)) continue;
      if (start >= notBefore) return start <= horizon ? start : null;
    }
    // A window full of occurrences not yet at `notBefore` (in a DST fold): go on after the last.
    from = walls.length === 64 ? walls.at(-1)!.getTime() + 1000 : from + size;
  }
  return null;
}

/** One series of a range read, with what the caller needs to find it again. */
export interface RangeItem<T> {
  series: Series;
  ref: T;
}

export interface RangeOccurrence<T> extends Occurrence {
  ref: T;
}

/**
 * The occurrences of many series overlapping [from, to), the earliest `max` of them: each series
 * is expanded once, up to a cutoff that starts at `to` and, once more than twice `max` have been
 * found, moves down to the start of the `max`-th earliest kept, so that a read of thousands of
 * series stops early in each; they come in no particular order. The event loop turns between
 * series. `truncated` when occurrences were left out, or when the slicer's budget ran out (then
 * the series read so far are answered). `expand` answers what occurrencesIn would for one series
 * (the calendar's index of series, which keeps them by blocks).
 */
export async function expandRange<T>(
  items: Array<RangeItem<T>>,
  from: number,
  to: number,
  viewerZone: string,
  max: number,
  slicer: WorkSlicer,
  expand: (
    item: RangeItem<T>,
    from: number,
    to: number,
    viewerZone: string,
    limit: number,
  ) => Occurrence[] = (item, ...range) => occurrencesIn(item.series, ...range),
): Promise<{ occurrences: Array<RangeOccurrence<T>>; truncated: boolean }> {
  let found: Array<RangeOccurrence<T>> = [];
  let truncated = false;
  let cutoff = to;
  // The earliest `max`, found by their starts alone in a typed array (sorting the occurrences
  // themselves took 12–30 ms of one turn of the loop at 10,000), kept in the order found.
  const keepEarliest = () => {
    const starts = Float64Array.from(found, (occurrence) => occurrence.start).sort();
    const last = starts[max - 1]!;
    let atLast = max - lowerBound(starts, last);
    found = found.filter(
      (occurrence) => occurrence.start < last || (occurrence.start === last && atLast-- > 0),
    );
    cutoff = last + 1;
    truncated = true;
  };
  for (const { series, ref } of items) {
    if (series.start - ZONE_SLACK_MS >= cutoff) continue;
    for (const span of expand({ series, ref }, from, cutoff, viewerZone, max + 1))
      found.push({ ...span, ref });
    if (found.length > 2 * max) keepEarliest();
    if (series.recurrence) {
      await slicer.pause();
      if (slicer.overBudget) {
        truncated = true;
        break;
      }
    }
  }
  if (found.length > max) keepEarliest();
  found = found.filter((occurrence) => occurrence.start < cutoff || !truncated);
  return { occurrences: found, truncated };
}

/** How many of the sorted values are less than `value`. */
function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The rule of the series from its n-th occurrence on: its COUNT less the n before. */
export function remainingRule(rule: string, before: number): string {
  return rule.replace(/COUNT=(\d+)/i, (_, count: string) => `COUNT=${Math.max(1, Number(count) - before)}`);
}

/**
 * The rule ending before the occurrence: UNTIL a second before it (a timed series), or the day
 * before it (an all-day one), in place of its COUNT or UNTIL.
 */
export function ruleEndingBefore(rule: string, occurrence: number, allDay: boolean): string {
  const parts = rule.split(';').filter((part) => !/^(COUNT|UNTIL)=/i.test(part));
  const until = allDay
    ? new Date(occurrence - DAY_MS).toISOString().slice(0, 10).replace(/-/g, '')
    : new Date(occurrence - 1000)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
  return [...parts, `UNTIL=${until}`].join(';');
}
