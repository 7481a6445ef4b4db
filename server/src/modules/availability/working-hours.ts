/** Working hours (D22, D32): each user's own, in their time zone; D22's default while none are stored. */
import {
  defaultWorkingHours,
  minutesOfTime,
  type UpdateWorkingHoursInput,
  type WorkingHours,
  type WorkingInterval,
  weekdays,
} from '@cadence/contract';
import type { ServiceDeps } from '../../deps';
import { afterCommit } from '../../db/transaction';
import type { Participant } from './engine';

/** By day of the week, then by start. */
function ordered(intervals: WorkingInterval[]): WorkingInterval[] {
  return [...intervals].sort(
    (a, b) =>
      weekdays.indexOf(a.day) - weekdays.indexOf(b.day) || minutesOfTime(a.from) - minutesOfTime(b.from),
  );
}

/** A stored value, or the default for null. */
export function storedHours(value: string | null): { data: WorkingInterval[]; isDefault: boolean } {
  return value === null
    ? { data: defaultWorkingHours, isDefault: true }
    : { data: JSON.parse(value) as WorkingInterval[], isDefault: false };
}

/** A stored value as the availability engine reads it: minutes from midnight, [from, to). */
export function engineHours(value: string | null): Participant['hours'] {
  const key = value ?? '';
  let hours = engineHoursKept.get(key);
  if (!hours) {
    hours = Object.freeze(
      storedHours(value).data.map((interval) =>
        Object.freeze({
          day: interval.day,
          from: minutesOfTime(interval.from),
          to: minutesOfTime(interval.to),
        }),
      ),
    );
    if (engineHoursKept.size >= 1000) engineHoursKept.delete(engineHoursKept.keys().next().value!);
    engineHoursKept.set(key, hours);
  }
  return hours;
}

/** engineHours' answers by stored value (most people keep one of a few), shared: never changed. */
const engineHoursKept = new Map<string, Participant['hours']>();

export class WorkingHoursService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'live'>) {}

  async get(userId: number): Promise<WorkingHours> {
    const row = await this.deps.db
      .selectFrom('users')
      .select(['time_zone', 'working_hours'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { timeZone: row.time_zone, ...storedHours(row.working_hours) };
  }

  /** Replaces them all (an empty list means never available); a time zone given changes the account's. */
  async replace(userId: number, input: UpdateWorkingHoursInput): Promise<WorkingHours> {
    await this.deps.db
      .updateTable('users')
      .set({
        working_hours: JSON.stringify(ordered(input.data)),
        ...(input.timeZone !== undefined ? { time_zone: input.timeZone } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', userId)
      .execute();
    // Every instance forgets its copy of the row (the session cache): the zone may have changed.
    afterCommit(this.deps.db, () => this.deps.live.usersChanged([userId]));
    return this.get(userId);
  }
}
