/**
 * Bookings (D44): a visitor books an offered time, moves or cancels it through the manage link, and
 * the hosts list and cancel theirs; each is an event in every host's calendar.
 */
import {
  type BookInput,
  type BookingView,
  type HostBooking,
  type HostBookingList,
  type Language,
  languagesList,
  type PublicUser,
} from '@cadence/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { transaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { conflict } from '../../errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { isBookableAt } from '../availability/engine';
import type { AvailabilityService } from '../availability/service';
import type { BookingEntries } from '../calendar/booking-entries';
import { tell } from '../notifications/shared-work';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import {
  checkOffered,
  detachedType,
  type Host,
  hostRecords,
  lockHosts,
  MINUTE_MS,
  now,
  participants,
  publicType,
  rulesOf,
} from './hosts-and-rules';
import { bookingMails } from './mail';
import {
  authorizeHostBooking,
  authorizeToken,
  type BookingRow,
  checkOpen,
  type TypeRow,
  visibleBookings,
} from './policy';

export type BookingServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'live' | 'outbox' | 'config' | 'log'> & {
  calendar: Pick<BookingEntries, 'placeBooking' | 'moveBooking' | 'freeBooking'>;
  availability: Pick<AvailabilityService, 'busyOf'>;
};

/**
 * A booking is written only after the public page's check (the availability engine with the type's
 * rules) runs again inside its transaction, with the hosts' user rows locked in id order (as
 * meetings do), so that two visitors can never hold one time. The visitor is the event's outside
 * guest, named in it, mailed an .ics and a manage link (a random token, kept as its SHA-256).
 * Public answers carry public users only (D11): never a host's e-mail, never another event.
 */
export class BookingService {
  constructor(private readonly deps: BookingServiceDeps) {}

  /**
   * Books a time: 201 with the manage link's token. The honeypot filled → a token that names
   * nothing, and nothing written (a robot learns nothing).
   */
  async book(username: string, slug: string, input: BookInput): Promise<{ token: string }> {
    const type = await publicType(this.deps.db, username, slug);
    const token = randomToken();
    if (input.website.trim() !== '') {
      this.deps.log.info({ typeId: type.id }, 'a booking with its honeypot filled was not written');
      return { token };
    }
    const start = Date.parse(input.start);
    checkOffered(type, start, 'start');
    await transaction(this.deps.db, async (trx) => {
      const hosts = await lockHosts(this.deps.engine, trx, type);
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
      checkOffered(rules, start, 'start');
      const hostRows = await hostRowsOf(trx, row.id);
      const ids = hostRows.map((host) => host.user_id).sort((a, b) => a - b);
      await this.deps.engine
        .forNoKeyUpdate(trx.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id'))
        .execute();
      const eventIds = hostRows.flatMap((host) => (host.event_id === null ? [] : [host.event_id]));
      // Its own time is not busy for its move (the entries come back when it moves, or on rollback).
      await this.deps.calendar.freeBooking(trx, eventIds);
      const hosts = await hostRecords(trx, ids);
      const people = await participants(
        this.deps.availability,
        trx,
        rules,
        hosts,
        start,
        start + rules.duration * MINUTE_MS,
        {
          except: row.id,
        },
      );
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

  /**
   * Who is booked at `start`, checked afresh: everyone (collective, alone) or the free host with
   * the fewest bookings of the type from now to the end of its range, then the lowest id
   * (round-robin). 409 when nobody may be.
   */
  private async chooseHosts(trx: Db, type: TypeRow, hosts: Host[], start: number): Promise<Host[]> {
    const duration = type.duration * MINUTE_MS;
    const rules = rulesOf(type, Date.now());
    const people = await participants(this.deps.availability, trx, type, hosts, start, start + duration);
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
