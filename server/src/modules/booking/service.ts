/**
 * Booking pages (D44). A user's booking types are links anyone may open: the free times come from
 * the meetings' engine (working hours, busy times across zones and DST) with the type's rules —
 * buffers, minimum notice, a daily maximum per host — and a booking is written after the same
 * check runs again inside its transaction, with the hosts' user rows locked in id order (as
 * meetings do), so that two visitors can never hold one time. A booking is an event in each host's
 * calendar; the visitor is its outside guest, named in it, mailed an .ics and a manage link (a
 * random token, kept as its SHA-256). Public answers carry public users only (D11): never a host's
 * e-mail, never another event.
 */
import {
  type BookInput,
  type BookingType,
  type BookingTypeInput,
  type BookingTypeList,
  type BookingView,
  BOOKING_TYPES_MAX,
  type HostBooking,
  type HostBookingList,
  type Language,
  languagesList,
  messages,
  type PublicTimes,
  type PublicTimesQuery,
  type PublicUser,
} from '@cadence/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { transaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { hashToken, randomToken } from '../../lib/tokens';
import { byLocalDate, dayStart } from '../../lib/zoned-time';
import type { AvailabilityService } from '../availability/service';
import type { CalendarService } from '../calendar/service';
import {
  bookableStarts,
  type BookingRules,
  isBookableAt,
  type Participant,
  unionStarts,
} from '../availability/engine';
import { engineHours } from '../availability/working-hours';
import { tell } from '../notifications/shared-work';
import { presentPublicUser, publicUserColumns, type PublicUserRow } from '../users/public-presenter';
import { bookingMails } from './mail';
import { presentPublicType, presentType } from './presenter';
import {
  authorizeHostBooking,
  authorizeToken,
  authorizeType,
  type BookingRow,
  checkOpen,
  type TypeRow,
  visibleBookings,
} from './policy';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const now = () => new Date().toISOString();

interface Host {
  id: number;
  timeZone: string;
  hours: Participant['hours'];
  user: PublicUserRow & { updated_at: string };
}

export type BookingServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'live' | 'outbox' | 'config' | 'log'> & {
  calendar: Pick<CalendarService, 'placeBooking' | 'moveBooking' | 'freeBooking'>;
  availability: Pick<AvailabilityService, 'busyOf'>;
};

/** Start times are offered on a grid of this many minutes: the largest of 30, 15, 10, 5 dividing the duration. */
export function stepOf(duration: number): number {
  return [30, 15, 10, 5].find((step) => duration % step === 0) ?? 5;
}

export class BookingService {
  /** The public pages' answers as JSON bytes, by everything they depend on (see publicTimesJson). */
  private readonly answers = new VersionedCache<string>(1_000, 32 * 1024 * 1024);

  constructor(private readonly deps: BookingServiceDeps) {}

  // ---- The host's types ------------------------------------------------------------------------

  async listTypes(userId: number): Promise<BookingTypeList> {
    const [rows, owner] = await Promise.all([
      this.deps.db
        .selectFrom('booking_types')
        .selectAll()
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      this.usernameOf(userId),
    ]);
    return { data: rows.map((row) => presentType(row, owner)), count: rows.length };
  }

  async createType(userId: number, input: BookingTypeInput): Promise<BookingType> {
    return transaction(this.deps.db, async (trx) => {
      const { count } = await trx
        .selectFrom('booking_types')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= BOOKING_TYPES_MAX) throw badRequest('LIMIT_REACHED', 'booking.limit');
      await this.checkType(trx, userId, input);
      const at = now();
      const { id } = await trx
        .insertInto('booking_types')
        .values({ owner_id: userId, ...columnsOf(input), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return this.typeOf(trx, userId, id);
    });
  }

  async updateType(userId: number, id: number, input: BookingTypeInput): Promise<BookingType> {
    return transaction(this.deps.db, async (trx) => {
      await authorizeType(trx, userId, id);
      await this.checkType(trx, userId, input, id);
      await trx
        .updateTable('booking_types')
        .set({ ...columnsOf(input), updated_at: now() })
        .where('id', '=', id)
        .execute();
      return this.typeOf(trx, userId, id);
    });
  }

  /** The type goes; its bookings stay in the calendars and on the host's list. */
  async removeType(userId: number, id: number): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      await authorizeType(trx, userId, id);
      await trx.deleteFrom('booking_types').where('id', '=', id).execute();
    });
  }

  private async typeOf(db: Db, userId: number, id: number): Promise<BookingType> {
    const row = await db
      .selectFrom('booking_types')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return presentType(row, await this.usernameOf(userId, db));
  }

  private async usernameOf(userId: number, db: Db = this.deps.db): Promise<string> {
    const user = await db
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return user.username;
  }

  /** The slug is the user's once; a group must be the user's own. */
  private async checkType(db: Db, userId: number, input: BookingTypeInput, except?: number): Promise<void> {
    let taken = db
      .selectFrom('booking_types')
      .select('id')
      .where('owner_id', '=', userId)
      .where('slug', '=', input.slug);
    if (except !== undefined) taken = taken.where('id', '<>', except);
    if (await taken.executeTakeFirst()) {
      throw badRequest('VALIDATION_ERROR', 'booking.slugTaken', { slug: messages['booking.slugTaken'] });
    }
    if (input.hosts.group !== null) {
      const group = await db
        .selectFrom('groups')
        .select('id')
        .where('id', '=', Number(input.hosts.group))
        .where('owner_id', '=', userId)
        .executeTakeFirst();
      if (!group) {
        throw badRequest('VALIDATION_ERROR', 'booking.groupUnknown', {
          'hosts.group': messages['booking.groupUnknown'],
        });
      }
    }
  }

  // ---- The public page -------------------------------------------------------------------------

  /**
   * D44's free times of a type over the visitor's days, grouped by the visitor's dates, as JSON
   * bytes kept by everything the answer depends on: the type, the hosts (their zone and hours — a
   * user's row changes with them — and their calendar's version, which every event, meeting and
   * booking moves on), the visitor's days and zone, and the grid step that now plus the notice
   * falls in. Any instance's write makes the key new; an unchanged page costs four indexed reads.
   */
  async publicTimesJson(username: string, slug: string, query: PublicTimesQuery): Promise<CachedJson> {
    const { db } = this.deps;
    const type = await this.publicType(db, username, slug);
    const hosts = await this.hostsOf(db, type);
    const versions = await db
      .selectFrom('list_versions')
      .select(['user_id', 'version'])
      .where('list', '=', 'calendar')
      .where(
        'user_id',
        'in',
        hosts.map((host) => host.id),
      )
      .execute();
    const versionOf = new Map(versions.map((row) => [row.user_id, row.version]));
    const at = Date.now();
    const step = stepOf(type.duration) * MINUTE_MS;
    const key = [
      type.id,
      type.updated_at,
      query.timeZone,
      query.start,
      query.end,
      Math.floor((at + type.min_notice * MINUTE_MS) / step),
      Math.floor(latestOf(type, at) / step),
      ...hosts.map((host) => `${host.id}:${host.user.updated_at}:${versionOf.get(host.id) ?? 0}`),
    ].join('|');
    return this.answers.through(key, 0, () => this.publicTimes(type, hosts, query, at));
  }

  private async publicTimes(
    type: TypeRow,
    hosts: Host[],
    query: PublicTimesQuery,
    at: number,
  ): Promise<PublicTimes> {
    const from = dayStart(query.start, query.timeZone);
    const to = dayStart(query.end, query.timeZone, 1);
    const rules = rulesOf(type, at);
    const window = { from: Math.max(from, rules.earliest), to: Math.min(to, latestOf(type, at)) };
    const starts =
      window.from >= window.to
        ? []
        : await this.startsOf(this.deps.db, type, hosts, window.from, window.to, rules);
    return {
      type: presentPublicType(
        type,
        hosts.map((host) => host.user),
      ),
      timeZone: query.timeZone,
      data: byLocalDate(starts, query.timeZone, from, to),
    };
  }

  /**
   * Books a time: 201 with the manage link's token. The honeypot filled → a token that names
   * nothing, and nothing written (a robot learns nothing).
   */
  async book(username: string, slug: string, input: BookInput): Promise<{ token: string }> {
    const type = await this.publicType(this.deps.db, username, slug);
    const token = randomToken();
    if (input.website.trim() !== '') {
      this.deps.log.info({ typeId: type.id }, 'a booking with its honeypot filled was not written');
      return { token };
    }
    const start = Date.parse(input.start);
    this.checkOffered(type, start, 'start');
    await transaction(this.deps.db, async (trx) => {
      const hosts = await this.lockHosts(trx, type);
      const booked = await this.chooseHosts(trx, type, hosts, start);
      const at = now();
      const end = start + type.duration * MINUTE_MS;
      const { id } = await trx
        .insertInto('bookings')
        .values({
          owner_id: type.owner_id,
          type_id: type.id,
          title: type.title,
          location: type.location,
          token_hash: hashToken(token),
          uid: `${randomUUID()}@cadence`,
          sequence: 0,
          start_at: new Date(start).toISOString(),
          end_at: new Date(end).toISOString(),
          status: 'confirmed',
          name: input.name,
          email: input.email,
          note: input.note,
          time_zone: input.timeZone,
          language: input.language,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await bookingRow(trx, id);
      const events = await this.deps.calendar.placeBooking(
        trx,
        booked.map((host) => ({ id: host.id, timeZone: host.timeZone })),
        {
          title: bookingTitle(row),
          description: bookingDescription(row),
          location: row.location,
          start,
          end,
          uid: row.uid,
        },
      );
      await trx
        .insertInto('booking_hosts')
        .values(booked.map((host) => ({ booking_id: id, user_id: host.id, event_id: events.get(host.id)! })))
        .execute();
      await this.tell(
        trx,
        row,
        'booked',
        booked.map((host) => host.id),
        { token },
      );
    });
    return { token };
  }

  // ---- The visitor's manage link ---------------------------------------------------------------

  async view(token: string): Promise<BookingView> {
    const row = await authorizeToken(this.deps.db, token);
    return this.present(this.deps.db, row);
  }

  async cancelByToken(token: string, reason: string): Promise<BookingView> {
    return transaction(this.deps.db, async (trx) => {
      const row = await authorizeToken(trx, token, this.deps.engine);
      await this.cancel(trx, row, reason, { actor: null, token });
      return this.present(trx, await bookingRow(trx, row.id));
    });
  }

  /** Moves the booking to another offered time, for the same hosts (409 when it is not free). */
  async reschedule(token: string, startText: string): Promise<BookingView> {
    return transaction(this.deps.db, async (trx) => {
      const row = await authorizeToken(trx, token, this.deps.engine);
      checkOpen(row);
      const type =
        row.type_id === null
          ? undefined
          : await trx
              .selectFrom('booking_types')
              .selectAll()
              .where('id', '=', row.type_id)
              .executeTakeFirst();
      // A type deleted since: its rules were those of the booking; the same duration, no buffers.
      const rules = type ?? { ...detachedType(row), owner_id: row.owner_id };
      const start = Date.parse(startText);
      this.checkOffered(rules, start, 'start');
      const hostRows = await hostRowsOf(trx, row.id);
      const ids = hostRows.map((host) => host.user_id).sort((a, b) => a - b);
      await this.deps.engine
        .forNoKeyUpdate(trx.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id'))
        .execute();
      const eventIds = hostRows.flatMap((host) => (host.event_id === null ? [] : [host.event_id]));
      // Its own time is not busy for its move (the entries come back when it moves, or on rollback).
      await this.deps.calendar.freeBooking(trx, eventIds);
      const hosts = await this.hostRecords(trx, ids);
      const people = await this.participants(trx, rules, hosts, start, start + rules.duration * MINUTE_MS, {
        except: row.id,
      });
      if (!isBookableAt(people, start, rules.duration * MINUTE_MS, rulesOf(rules, Date.now()))) {
        throw conflict('TIME_TAKEN', 'booking.timeTaken');
      }
      const end = start + rules.duration * MINUTE_MS;
      await this.deps.calendar.moveBooking(trx, eventIds, { start, end });
      await trx
        .updateTable('bookings')
        .set({
          start_at: new Date(start).toISOString(),
          end_at: new Date(end).toISOString(),
          sequence: row.sequence + 1,
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .execute();
      const moved = await bookingRow(trx, row.id);
      await this.tell(trx, moved, 'rescheduled', ids, { token });
      return this.present(trx, moved);
    });
  }

  // ---- The host's bookings ---------------------------------------------------------------------

  /** The bookings the user hosts or that came through their links: upcoming, past or cancelled. */
  async hostBookings(userId: number, when: 'upcoming' | 'past' | 'cancelled'): Promise<HostBookingList> {
    const { db } = this.deps;
    const at = now();
    let query = db
      .selectFrom('bookings')
      .selectAll()
      .where((eb) => visibleBookings(eb, userId));
    if (when === 'cancelled') query = query.where('status', '=', 'cancelled').orderBy('start_at', 'desc');
    else if (when === 'upcoming')
      query = query.where('status', '=', 'confirmed').where('end_at', '>', at).orderBy('start_at');
    else
      query = query.where('status', '=', 'confirmed').where('end_at', '<=', at).orderBy('start_at', 'desc');
    const rows = await query.orderBy('id').limit(500).execute();
    const hosts = await hostsOfBookings(
      db,
      rows.map((row) => row.id),
    );
    const data = rows.map((row): HostBooking => ({
      _id: String(row.id),
      typeId: row.type_id === null ? null : String(row.type_id),
      title: row.title,
      start: row.start_at,
      end: row.end_at,
      status: row.status,
      name: row.name,
      email: row.email,
      note: row.note,
      timeZone: row.time_zone,
      hosts: hosts.get(row.id) ?? [],
      createdAt: row.created_at,
    }));
    return { data, count: data.length };
  }

  /** A host (or the link's owner) cancels a booking: the visitor and the other hosts are told. */
  async hostCancel(userId: number, id: number, reason: string): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      const row = await authorizeHostBooking(trx, this.deps.engine, userId, id);
      await this.cancel(trx, row, reason, { actor: userId, token: null });
    });
  }

  // ---- Inside ----------------------------------------------------------------------------------

  private async cancel(
    trx: Db,
    row: BookingRow,
    reason: string,
    by: { actor: number | null; token: string | null },
  ): Promise<void> {
    checkOpen(row);
    const hostRows = await hostRowsOf(trx, row.id);
    await this.deps.calendar.moveBooking(
      trx,
      hostRows.flatMap((host) => (host.event_id === null ? [] : [host.event_id])),
      null,
    );
    await trx
      .updateTable('bookings')
      .set({ status: 'cancelled', cancel_reason: reason, sequence: row.sequence + 1, updated_at: now() })
      .where('id', '=', row.id)
      .execute();
    const cancelled = await bookingRow(trx, row.id);
    await this.tell(
      trx,
      cancelled,
      'cancelled',
      hostRows.map((host) => host.user_id),
      by,
    );
  }

  /** The bell, the mails (hosts per their switch; the visitor always), the live events after commit. */
  private async tell(
    trx: Db,
    row: BookingRow,
    change: 'booked' | 'rescheduled' | 'cancelled',
    hostIds: number[],
    by: { actor?: number | null; token: string | null },
  ): Promise<void> {
    const actor = by.actor ?? null;
    const kind =
      change === 'booked'
        ? 'booking-new'
        : change === 'rescheduled'
          ? 'booking-rescheduled'
          : 'booking-cancelled';
    const told = hostIds.filter((id) => id !== actor);
    // The bell and the live event as for shared work (D45); the mails are the booking's own iTIP.
    await tell(
      trx,
      { outbox: this.deps.outbox, base: this.deps.config.PUBLIC_URL, live: this.deps.live },
      told.map((userId) => ({
        userId,
        kind,
        sourceId: row.id,
        title: bookingTitle(row),
        at: row.start_at,
        ...(actor === null ? {} : { actorId: actor }),
        path: '/apps/booking',
      })),
      { mail: false },
    );
    await this.deps.outbox.enqueue(
      trx,
      await bookingMails(trx, this.deps.config, row, hostIds, { change, hostsTold: told, token: by.token }),
    );
  }

  /** A type by its public link (404 for anything else). */
  private async publicType(db: Db, username: string, slug: string): Promise<TypeRow> {
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
  private async hostsOf(db: Db, type: TypeRow): Promise<Host[]> {
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
    const records = await this.hostRecords(db, ids);
    // The owner first, then by id.
    return [
      ...records.filter((host) => host.id === type.owner_id),
      ...records.filter((host) => host.id !== type.owner_id),
    ];
  }

  private async hostRecords(db: Db, ids: number[]): Promise<Host[]> {
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
  private async lockHosts(trx: Db, type: TypeRow): Promise<Host[]> {
    const hosts = await this.hostsOf(trx, type);
    await this.deps.engine
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
   * Who is booked at `start`, checked afresh: everyone (collective, alone) or the free host with
   * the fewest bookings of the type from now to the end of its range, then the lowest id
   * (round-robin). 409 when nobody may be.
   */
  private async chooseHosts(trx: Db, type: TypeRow, hosts: Host[], start: number): Promise<Host[]> {
    const duration = type.duration * MINUTE_MS;
    const rules = rulesOf(type, Date.now());
    const people = await this.participants(trx, type, hosts, start, start + duration);
    if (type.mode !== 'round-robin' || hosts.length === 1) {
      if (!isBookableAt(people, start, duration, rules)) throw conflict('TIME_TAKEN', 'booking.timeTaken');
      return hosts;
    }
    const free = hosts.filter((_, index) => isBookableAt([people[index]!], start, duration, rules));
    if (free.length === 0) throw conflict('TIME_TAKEN', 'booking.timeTaken');
    const counts = await trx
      .selectFrom('booking_hosts')
      .innerJoin('bookings', 'bookings.id', 'booking_hosts.booking_id')
      .select(['booking_hosts.user_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('bookings.type_id', '=', type.id)
      .where('bookings.status', '=', 'confirmed')
      .where('bookings.start_at', '>=', now())
      .where(
        'booking_hosts.user_id',
        'in',
        free.map((host) => host.id),
      )
      .groupBy('booking_hosts.user_id')
      .execute();
    const countOf = new Map(counts.map((row) => [row.user_id, Number(row.count)]));
    free.sort((a, b) => (countOf.get(a.id) ?? 0) - (countOf.get(b.id) ?? 0) || a.id - b.id);
    return [free[0]!];
  }

  /** The start instants within [from, to) as the type's mode reads them. */
  private async startsOf(
    db: Db,
    type: TypeRow,
    hosts: Host[],
    from: number,
    to: number,
    rules: BookingRules,
  ): Promise<number[]> {
    const people = await this.participants(db, type, hosts, from, to);
    const duration = type.duration * MINUTE_MS;
    const step = stepOf(type.duration) * MINUTE_MS;
    if (type.mode !== 'round-robin') return bookableStarts(people, from, to, duration, step, rules);
    return unionStarts(people.map((person) => bookableStarts([person], from, to, duration, step, rules)));
  }

  /**
   * The hosts as the engine reads them over [from, to): their hours, their busy times over the
   * range widened by the buffers, the starts of their bookings of this type on the days around it
   * (the daily maximum). The public page keeps whole answers (publicTimesJson), not busy times.
   */
  private async participants(
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
      this.deps.availability.busyOf(
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
  private checkOffered(
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

  private async present(db: Db, row: BookingRow): Promise<BookingView> {
    const [type, owner, hosts] = await Promise.all([
      row.type_id === null
        ? undefined
        : db.selectFrom('booking_types').selectAll().where('id', '=', row.type_id).executeTakeFirst(),
      db
        .selectFrom('users')
        .select([...publicUserColumns])
        .where('users.id', '=', row.owner_id)
        .executeTakeFirstOrThrow(),
      hostsOfBookings(db, [row.id]),
    ]);
    const shown = type ?? { ...detachedType(row), owner_id: row.owner_id };
    const people = hosts.get(row.id) ?? [];
    return {
      start: row.start_at,
      end: row.end_at,
      status: row.status,
      name: row.name,
      note: row.note,
      timeZone: row.time_zone,
      language: languageOf(row.language),
      cancelReason: row.cancel_reason,
      type: {
        title: row.title,
        description: shown.description,
        duration: Math.round((Date.parse(row.end_at) - Date.parse(row.start_at)) / MINUTE_MS),
        location: row.location,
        host: presentPublicUser(owner),
        mode: shown.mode,
        hosts: people,
        minNotice: shown.min_notice,
        rangeDays: shown.range_days,
        username: owner.username,
        slug: type?.slug ?? '',
      },
      hosts: people,
      open: row.status === 'confirmed' && Date.parse(row.start_at) > Date.now(),
    };
  }
}

function columnsOf(input: BookingTypeInput) {
  return {
    slug: input.slug,
    title: input.title,
    description: input.description,
    duration: input.duration,
    buffer_before: input.bufferBefore,
    buffer_after: input.bufferAfter,
    min_notice: input.minNotice,
    max_per_day: input.maxPerDay,
    range_days: input.rangeDays,
    location: input.location,
    mode: input.hosts.mode,
    group_id: input.hosts.group === null ? null : Number(input.hosts.group),
  };
}

/** The engine's rules of a type, at `at`. */
function rulesOf(
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
function latestOf(type: Pick<TypeRow, 'range_days'>, at: number): number {
  return at + type.range_days * DAY_MS;
}

/** A booking whose type is gone keeps its own duration, with no buffers, notice or maximum. */
function detachedType(row: BookingRow) {
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

async function bookingRow(db: Db, id: number): Promise<BookingRow> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function hostRowsOf(db: Db, bookingId: number) {
  return db
    .selectFrom('booking_hosts')
    .select(['user_id', 'event_id'])
    .where('booking_id', '=', bookingId)
    .orderBy('user_id')
    .execute();
}

/** Each booking's hosts as public users, by booking. */
async function hostsOfBookings(db: Db, ids: number[]): Promise<Map<number, PublicUser[]>> {
  const byBooking = new Map<number, PublicUser[]>();
  if (ids.length === 0) return byBooking;
  const rows = await db
    .selectFrom('booking_hosts')
    .innerJoin('users', 'users.id', 'booking_hosts.user_id')
    .select(['booking_hosts.booking_id', ...publicUserColumns])
    .where('booking_hosts.booking_id', 'in', ids)
    .orderBy('users.id')
    .execute();
  for (const row of rows) {
    const list = byBooking.get(row.booking_id) ?? [];
    list.push(presentPublicUser(row));
    byBooking.set(row.booking_id, list);
  }
  return byBooking;
}

/** What the hosts' calendars call it: the type and who booked it. */
export function bookingTitle(row: Pick<BookingRow, 'title' | 'name'>): string {
  return `${row.title} — ${row.name}`;
}

/** The visitor as the event's outside guest: their name, e-mail and note. */
export function bookingDescription(row: Pick<BookingRow, 'name' | 'email' | 'note'>): string {
  return [`${row.name} <${row.email}>`, ...(row.note ? ['', row.note] : [])].join('\n');
}

/** A stored language as the contract names it (English for anything else). */
function languageOf(language: string): Language {
  return (languagesList as readonly string[]).includes(language) ? (language as Language) : 'en';
}
