/**
 * One calendar event as the calendar's routes read, create, change and delete it (D13, D21, D31):
 * the owner changes and deletes, guests read and get 403 on a change, anyone else gets 404. Every
 * write puts an entry on each participant's calendar and bumps their calendar version.
 */
import {
  CALENDAR_EVENTS_PER_USER_MAX,
  type CalendarEvent,
  type CreateEventInput,
  type EventScopeQuery,
  type UpdateEventInput,
} from '@cadence/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { transaction } from '../../db/transaction';
import { badRequest, notFound } from '../../errors';
import { bumpListVersions } from '../../lib/list-versions';
import { makesOccurrence } from '../../lib/occurrences';
import { iso, lastStartAt, rewriteEntries, seriesOf } from './entries';
import {
  type CalendarDeps,
  checkRule,
  guestsOf,
  insertEvent,
  mailGuests,
  now,
  ownedCount,
  peopleOf,
  presentWith,
  resolveGuests,
  timesOf,
  touched,
} from './event-writes';
import { EXCEPTIONS_MAX, exceptionsOf } from './exceptions';
import { authorizeEvent } from './policy';
import type { EventRow } from './presenter';
import {
  endSeriesBefore,
  exceptionsFull,
  type OccurrenceTarget,
  overrideOccurrence,
  splitSeries,
  updateSeries,
} from './series-edits';

export class CalendarService {
  constructor(private readonly deps: CalendarDeps) {}

  /** One event, as its first occurrence, for its owner or a guest. */
  async get(userId: number, id: number): Promise<CalendarEvent> {
    const row = await authorizeEvent(this.deps.db, userId, id, 'read');
    const people = await peopleOf(this.deps.db, [row]);
    return presentWith(row, people, userId);
  }

  async create(userId: number, timeZone: string, input: CreateEventInput): Promise<CalendarEvent> {
    const times = timesOf(input.start, input.end, input.allDay);
    checkRule(times, timeZone, input.recurrence);
    const lastStart = await lastStartAt({ ...times, timeZone, recurrence: input.recurrence });
    return transaction(this.deps.db, async (trx) => {
      if ((await ownedCount(trx, userId)) >= CALENDAR_EVENTS_PER_USER_MAX) {
        throw badRequest('LIMIT_REACHED', 'calendar.eventsLimit');
      }
      const guests = await resolveGuests(trx, userId, input.guests, input.groups);
      const row = await insertEvent(this.deps, trx, userId, guests, lastStart, {
        ...input,
        ...times,
        timeZone,
        uid: `${randomUUID()}@cadence`,
      });
      await bumpListVersions(trx, [userId, ...guests], 'calendar', { live: this.deps.live, actor: userId }, [
        row,
      ]);
      await mailGuests(this.deps, trx, row, guests, { invited: guests });
      const people = await peopleOf(trx, [row]);
      return presentWith(row, people, userId);
    });
  }

  /**
   * The owner changes the event (a guest gets 403, anyone else 404): with no scope (or `all`) the
   * whole series; `this` one occurrence alone, kept as an override; `following` that occurrence and
   * the later ones, as a new series, the old one ending before it (D39). An occurrence the series
   * does not make → 404. The owner's current time zone becomes the event's.
   */
  async update(
    userId: number,
    timeZone: string,
    id: number,
    input: UpdateEventInput,
    scope: EventScopeQuery = {},
  ): Promise<CalendarEvent> {
    return transaction(this.deps.db, async (trx) => {
      const event = await authorizeEvent(trx, userId, id, 'change', { lock: this.deps.engine });
      const target = await targetOf(trx, event, scope);
      if (target.scope === 'this') return overrideOccurrence(this.deps, trx, userId, event, target, input);
      if (target.scope === 'following')
        return splitSeries(this.deps, trx, userId, timeZone, event, target, input);
      return updateSeries(this.deps, trx, userId, timeZone, event, input);
    });
  }

  /**
   * The owner deletes the event (a guest gets 403, anyone else 404): with no scope (or `all`) from
   * every calendar; `this` one occurrence (an exclusion); `following` that occurrence and the later
   * ones (the series ends before it). D39.
   */
  async remove(userId: number, id: number, scope: EventScopeQuery = {}): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      const event = await authorizeEvent(trx, userId, id, 'change', { lock: this.deps.engine });
      const target = await targetOf(trx, event, scope);
      const guests = await guestsOf(trx, id);
      if (target.scope === 'all') {
        await mailGuests(this.deps, trx, event, guests, { cancelled: guests });
        await trx
          .deleteFrom('calendar_entries')
          .where('kind', '=', 'event')
          .where('source_id', '=', id)
          .execute();
        await this.deps.reminders.forgetEvent(trx, id);
        await trx.deleteFrom('events').where('id', '=', id).execute();
        await bumpListVersions(
          trx,
          [userId, ...guests],
          'calendar',
          { live: this.deps.live, actor: userId },
          [event],
        );
        return;
      }
      const occurrenceAt = iso(target.occurrence);
      if (target.scope === 'this') {
        const mine = target.exceptions.some((row) => row.occurrence_at === occurrenceAt);
        if (!mine && target.exceptions.length >= EXCEPTIONS_MAX) throw exceptionsFull();
        await trx
          .deleteFrom('event_exceptions')
          .where('event_id', '=', id)
          .where('occurrence_at', '=', occurrenceAt)
          .execute();
        const at = now();
        await trx
          .insertInto('event_exceptions')
          .values({
            event_id: id,
            occurrence_at: occurrenceAt,
            kind: 'exclusion',
            created_at: at,
            updated_at: at,
          })
          .execute();
        const row = await touched(trx, event);
        await rewriteEntries(trx, row, [userId, ...guests]);
        await mailGuests(this.deps, trx, row, guests, { changed: guests });
      } else {
        await endSeriesBefore(trx, event, target.occurrence);
        await trx
          .deleteFrom('event_exceptions')
          .where('event_id', '=', id)
          .where('occurrence_at', '>=', occurrenceAt)
          .execute();
        const row = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await rewriteEntries(trx, row, [userId, ...guests]);
        await mailGuests(this.deps, trx, row, guests, { changed: guests });
      }
      await this.deps.reminders.syncEvent(trx, id);
      await bumpListVersions(trx, [userId, ...guests], 'calendar', { live: this.deps.live, actor: userId }, [
        event,
      ]);
    });
  }
}

/** The occurrence a scoped change or delete names (D39), or the whole series. */
type Target = { scope: 'all' } | OccurrenceTarget;

/**
 * What a scope names: an occurrence the series makes and has not cancelled (404 otherwise), or the
 * series. A single event's one occurrence, or a series' first one for `following`, is the series.
 */
async function targetOf(db: Db, event: EventRow, query: EventScopeQuery): Promise<Target> {
  if (query.occurrence === undefined) return { scope: 'all' };
  const occurrence = Date.parse(query.occurrence);
  const exceptions = (await exceptionsOf(db, [event.id])).get(event.id) ?? [];
  const series = seriesOf(event, exceptions);
  const cancelled = exceptions.some(
    (row) => row.kind === 'exclusion' && Date.parse(row.occurrence_at) === occurrence,
  );
  if (cancelled || !makesOccurrence(series, occurrence)) throw notFound();
  const scope = query.scope ?? 'all';
  if (scope === 'all' || !event.recurrence) return { scope: 'all' };
  if (scope === 'following' && occurrence === series.start) return { scope: 'all' };
  return { scope, occurrence, exceptions };
}
