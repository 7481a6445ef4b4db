/**
 * What the public page and a booking both ask of a type: its public link, its hosts and how the
 * availability engine reads them, its rules, and the grid and window a start must fall on.
 */
import { messages } from '@cadence/contract';
import type { Db } from '../../db';
import type { Engine } from '../../db/dialect';
import { badRequest, notFound } from '../../errors';
import type { AvailabilityService } from '../availability/service';
import type { BookingRules, Participant } from '../availability/engine';
import { engineHours } from '../availability/working-hours';
import { publicUserColumns, type PublicUserRow } from '../users/public-presenter';
import type { BookingRow, TypeRow } from './policy';

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const now = () => new Date().toISOString();

export interface Host {
  id: number;
  timeZone: string;
  hours: Participant['hours'];
  user: PublicUserRow & { updated_at: string };
}

/** Start times are offered on a grid of this many minutes: the largest of 30, 15, 10, 5 dividing the duration. */
export function stepOf(duration: number): number {
  return [30, 15, 10, 5].find((step) => duration % step === 0) ?? 5;
}

/** A type by its public link (404 for anything else). */
export async function publicType(db: Db, username: string, slug: string): Promise<TypeRow> {
  const row = await db
    .selectFrom('booking_types')
    .innerJoin('users', 'users.id', 'booking_types.owner_id')
    .selectAll('booking_types')
    .where('users.username', '=', username)
    .where('booking_types.slug', '=', slug)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The user whose link it is, then the group's members (a collective or round-robin type). */
export async function hostsOf(db: Db, type: TypeRow): Promise<Host[]> {
  const members =
    type.mode === 'alone' || type.group_id === null
      ? []
      : await db
          .selectFrom('group_members')
          .select('user_id')
          .where('group_id', '=', type.group_id)
          .execute();
  const ids = [
    type.owner_id,
    ...members.map((member) => member.user_id).filter((id) => id !== type.owner_id),
  ];
  const records = await hostRecords(db, ids);
  // The owner first, then by id.
  return [
    ...records.filter((host) => host.id === type.owner_id),
    ...records.filter((host) => host.id !== type.owner_id),
  ];
}

export async function hostRecords(db: Db, ids: number[]): Promise<Host[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select([...publicUserColumns, 'users.time_zone', 'users.working_hours', 'users.updated_at'])
    .where('users.id', 'in', ids)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    timeZone: row.time_zone,
    hours: engineHours(row.working_hours),
    user: row,
  }));
}

/** The hosts' user rows locked in id order: a concurrent booking of any of them waits. */
export async function lockHosts(engine: Engine, trx: Db, type: TypeRow): Promise<Host[]> {
  const hosts = await hostsOf(trx, type);
  await engine
    .forNoKeyUpdate(
      trx
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          hosts.map((host) => host.id),
        )
        .orderBy('id'),
    )
    .execute();
  return hosts;
}

/**
 * The hosts as the engine reads them over [from, to): their hours, their busy times over the
 * range widened by the buffers, the starts of their bookings of this type on the days around it
 * (the daily maximum). The public page keeps whole answers (publicTimesJson), not busy times.
 */
export async function participants(
  availability: Pick<AvailabilityService, 'busyOf'>,
  db: Db,
  type: Pick<TypeRow, 'id' | 'buffer_before' | 'buffer_after' | 'max_per_day'>,
  hosts: Host[],
  from: number,
  to: number,
  options: { except?: number } = {},
): Promise<Participant[]> {
  const busyFrom = from - type.buffer_after * MINUTE_MS;
  const busyTo = to + type.buffer_before * MINUTE_MS;
  const ids = hosts.map((host) => host.id);
  const [busy, booked] = await Promise.all([
    availability.busyOf(
      hosts.map((host) => ({ id: host.id, timeZone: host.timeZone })),
      busyFrom,
      busyTo,
      { db },
    ),
    type.max_per_day === null || type.id === 0
      ? []
      : db
          .selectFrom('bookings')
          .innerJoin('booking_hosts', 'booking_hosts.booking_id', 'bookings.id')
          .select(['booking_hosts.user_id', 'bookings.start_at'])
          .where('bookings.type_id', '=', type.id)
          .where('bookings.status', '=', 'confirmed')
          .where('bookings.id', '<>', options.except ?? 0)
          .where('bookings.start_at', '>=', new Date(from - 2 * DAY_MS).toISOString())
          .where('bookings.start_at', '<', new Date(to + 2 * DAY_MS).toISOString())
          .where('booking_hosts.user_id', 'in', ids)
          .execute(),
  ]);
  const bookedOf = new Map<number, number[]>();
  for (const row of booked) {
    const list = bookedOf.get(row.user_id) ?? [];
    list.push(Date.parse(row.start_at));
    bookedOf.set(row.user_id, list);
  }
  return hosts.map((host) => ({
    timeZone: host.timeZone,
    hours: host.hours,
    busy: busy.get(host.id) ?? [],
    booked: bookedOf.get(host.id) ?? [],
  }));
}

/**
 * A start must be one the page could offer: on the type's grid, not before the minimum notice,
 * within the days ahead (400 otherwise). Whether it is free is the transaction's question (409).
 */
export function checkOffered(
  type: Pick<TypeRow, 'duration' | 'min_notice' | 'range_days'>,
  start: number,
  field: string,
): void {
  const at = Date.now();
  const step = stepOf(type.duration) * MINUTE_MS;
  if (start % step !== 0 || start < at + type.min_notice * MINUTE_MS || start >= latestOf(type, at)) {
    throw badRequest('VALIDATION_ERROR', 'booking.timeUnavailable', {
      [field]: messages['booking.timeUnavailable'],
    });
  }
}

/** The engine's rules of a type, at `at`. */
export function rulesOf(
  type: Pick<TypeRow, 'buffer_before' | 'buffer_after' | 'min_notice' | 'max_per_day'>,
  at: number,
): BookingRules {
  return {
    bufferBefore: type.buffer_before * MINUTE_MS,
    bufferAfter: type.buffer_after * MINUTE_MS,
    earliest: at + type.min_notice * MINUTE_MS,
    maxPerDay: type.max_per_day,
  };
}

/** No start at or after this: the days ahead from now. */
export function latestOf(type: Pick<TypeRow, 'range_days'>, at: number): number {
  return at + type.range_days * DAY_MS;
}

/** A booking whose type is gone keeps its own duration, with no buffers, notice or maximum. */
export function detachedType(row: BookingRow) {
  return {
    id: 0,
    duration: Math.round((Date.parse(row.end_at) - Date.parse(row.start_at)) / MINUTE_MS),
    buffer_before: 0,
    buffer_after: 0,
    min_notice: 0,
    max_per_day: null,
    range_days: 365,
    description: '',
    mode: 'alone' as const,
  };
}
