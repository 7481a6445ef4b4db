/**
 * Meetings (D22–D24, D32–D34). So far: finding the times when the caller and every invitee are
 * free (D33). Invitees must be the caller's friends, or members of the caller's groups; the answer
 * holds free start times only, never anyone's events.
 */
import {
  type AvailableTimes,
  type AvailableTimesInput,
  type WorkingInterval,
  minutesOfTime,
} from '@cadence/contract';
import { DateTime } from 'luxon';
import type { ServiceDeps } from '../../deps';
import { resolveInvitees } from '../../lib/invitees';
import { offsetSpans } from '../../lib/zoned-time';
import type { CalendarService } from '../calendar/service';
import { availableStarts, type Participant } from './availability';
import { storedHours } from './working-hours';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export type MeetingsServiceDeps = Pick<ServiceDeps, 'db'> & { calendar: Pick<CalendarService, 'busyOf'> };

export class MeetingsService {
  constructor(private readonly deps: MeetingsServiceDeps) {}

  /** D23's start instants over the caller's days, grouped by the caller's dates. */
  async availableTimes(
    userId: number,
    timeZone: string,
    input: AvailableTimesInput,
  ): Promise<AvailableTimes> {
    const { db } = this.deps;
    const invitees = await resolveInvitees(db, userId, input.invitees, input.groups, {
      notFriend: { field: 'invitees', key: 'meetings.inviteeNotFriend' },
      groupUnknown: { field: 'groups', key: 'meetings.groupUnknown' },
    });
    const ids = [...new Set([userId, ...invitees])];
    const from = DateTime.fromISO(input.startDate, { zone: timeZone }).toMillis();
    const to = DateTime.fromISO(input.endDate, { zone: timeZone }).plus({ days: 1 }).toMillis();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'time_zone', 'working_hours'])
      .where('id', 'in', ids)
      .execute();
    const busy = await this.deps.calendar.busyOf(
      rows.map((row) => ({ id: row.id, timeZone: row.time_zone })),
      from,
      to,
    );
    const people: Participant[] = rows.map((row) => ({
      timeZone: row.time_zone,
      hours: storedHours(row.working_hours).data.map((interval: WorkingInterval) => ({
        day: interval.day,
        from: minutesOfTime(interval.from),
        to: minutesOfTime(interval.to),
      })),
      busy: busy.get(row.id) ?? [],
    }));
    const starts = availableStarts(people, from, to, input.duration * MINUTE_MS, input.step * MINUTE_MS);
    return { timeZone, data: byLocalDate(starts, timeZone, from, to) };
  }
}

/** Instants grouped by their date in a zone, without a date object per instant. */
function byLocalDate(starts: number[], timeZone: string, from: number, to: number) {
  const days: Array<{ date: string; times: string[] }> = [];
  const spans = offsetSpans(timeZone, from, to);
  let span = 0;
  for (const start of starts) {
    while (span < spans.length - 1 && start >= spans[span]!.end) span += 1;
    const date = new Date(Math.floor((start + spans[span]!.offset * MINUTE_MS) / DAY_MS) * DAY_MS)
      .toISOString()
      .slice(0, 10);
    if (days.at(-1)?.date !== date) days.push({ date, times: [] });
    days.at(-1)!.times.push(new Date(start).toISOString());
  }
  return days;
}
