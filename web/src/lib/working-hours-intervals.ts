/**
 * The working-hours editor's changes as pure functions on the list it sends (D22, D32): a free
 * slot for a new interval, the day-part presets, copying a day, and the times offered.
 */
import {
  type DayPart,
  dayParts,
  minutesOfTime,
  type Weekday,
  type WorkingInterval,
  weekdays,
} from '@cadence/contract';

export const TIME_STEP_MINUTES = 15;
const DAY_MINUTES = 24 * 60;

export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The times a start (00:00–23:45) or an end (00:15–24:00) may take, every 15 minutes, with the
 * current value kept when it lies between two steps (hours saved through the API).
 */
export function timeChoices(edge: 'from' | 'to', current?: string): string[] {
  const times: string[] = [];
  for (
    let minutes = edge === 'from' ? 0 : TIME_STEP_MINUTES;
    minutes <= DAY_MINUTES;
    minutes += TIME_STEP_MINUTES
  ) {
    if (edge === 'from' && minutes === DAY_MINUTES) break;
    times.push(timeOfMinutes(minutes));
  }
  if (current && !times.includes(current)) {
    times.push(current);
    times.sort((a, b) => minutesOfTime(a) - minutesOfTime(b));
  }
  return times;
}

/** By day of the week, then by start: the order the server keeps them in. */
export function sortIntervals(intervals: WorkingInterval[]): WorkingInterval[] {
  return [...intervals].sort(
    (a, b) =>
      weekdays.indexOf(a.day) - weekdays.indexOf(b.day) || minutesOfTime(a.from) - minutesOfTime(b.from),
  );
}

/**
 * Where a new interval of the day goes: an hour (or what fits) after the day's last interval, else
 * in the first gap of the day; 09:00–17:00 on an empty day; null when no 15 minutes are free.
 */
export function freeSlot(intervals: WorkingInterval[], day: Weekday): { from: string; to: string } | null {
  const ofDay = intervals
    .filter((interval) => interval.day === day)
    .map((interval) => ({ from: minutesOfTime(interval.from), to: minutesOfTime(interval.to) }))
    .sort((a, b) => a.from - b.from);
  if (ofDay.length === 0) return { from: '09:00', to: '17:00' };
  const gaps: { from: number; to: number }[] = [];
  let start = 0;
  for (const busy of [...ofDay, { from: DAY_MINUTES, to: DAY_MINUTES }]) {
    if (busy.from - start >= TIME_STEP_MINUTES) gaps.push({ from: start, to: busy.from });
    start = Math.max(start, busy.to);
  }
  const lastEnd = Math.max(...ofDay.map((interval) => interval.to));
  const gap = gaps.find((candidate) => candidate.from >= lastEnd) ?? gaps[0];
  return gap ? { from: timeOfMinutes(gap.from), to: timeOfMinutes(Math.min(gap.from + 60, gap.to)) } : null;
}

/** A day part added to the day: the day's intervals that overlap it give way, the others stay. */
export function withDayPart(intervals: WorkingInterval[], day: Weekday, part: DayPart): WorkingInterval[] {
  const { from, to } = dayParts[part];
  const overlaps = (interval: WorkingInterval) =>
    interval.day === day &&
    minutesOfTime(interval.from) < minutesOfTime(to) &&
    minutesOfTime(from) < minutesOfTime(interval.to);
  return sortIntervals([...intervals.filter((interval) => !overlaps(interval)), { day, from, to }]);
}

/** The days given take the source day's intervals in place of their own. */
export function copyDay(
  intervals: WorkingInterval[],
  source: Weekday,
  targets: readonly Weekday[],
): WorkingInterval[] {
  const others = targets.filter((day) => day !== source);
  const copied = intervals
    .filter((interval) => interval.day === source)
    .flatMap((interval) => others.map((day) => ({ ...interval, day })));
  return sortIntervals([...intervals.filter((interval) => !others.includes(interval.day)), ...copied]);
}

/** The weekday's name in the language, e.g. "Monday", "lundi" (1 January 2024 was a Monday). */
export function weekdayName(day: Weekday, language: string): string {
  const date = new Date(Date.UTC(2024, 0, 1 + weekdays.indexOf(day)));
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(date);
}
