/**
 * Who may do what to a calendar event (D5, D21, D31, D39): its owner reads, changes and deletes
 * it, one occurrence or more; its guests (the owner's friends, or the members of the owner's
 * groups when invited, D13) read it and get 403 on a change or a delete; anyone else is told it
 * does not exist (404), exactly as for a missing one (D10). The range read, the feed and the busy
 * times read the user's calendar entries, which are written for exactly the owner and the guests
 * (`writeEntries`), so they show nothing else.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Engine } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { EventRow } from './presenter';

/** `read`: see the event. `change`: change or delete it, or one of its occurrences. */
export type EventAction = 'read' | 'change';

/** The events the user owns (their own calendar; CalDAV's "events" collection). */
export function ownEvents(eb: ExpressionBuilder<Database, 'events'>, userId: number) {
  return eb('events.owner_id', '=', userId);
}

/**
 * The events the user is a guest of (CalDAV's "shared with me" collection). With `eventId`, the
 * guest's row is one probe of (event, user) rather than the user's invitations.
 */
export function guestEvents(eb: ExpressionBuilder<Database, 'events'>, userId: number, eventId?: number) {
  let guestOf = eb
    .selectFrom('event_guests')
    .select('event_guests.event_id')
    .where('event_guests.user_id', '=', userId);
  if (eventId !== undefined) guestOf = guestOf.where('event_guests.event_id', '=', eventId);
  return eb('events.id', 'in', guestOf);
}

/** The events the user owns or is a guest of. */
export function visibleEvents(eb: ExpressionBuilder<Database, 'events'>, userId: number, eventId?: number) {
  return eb.or([ownEvents(eb, userId), guestEvents(eb, userId, eventId)]);
}

/**
 * The event, if the action is the user's, in one point query (`lock`: FOR UPDATE on the engines
 * that have it, for the caller's transaction); 404 when they cannot see it, 403 for a guest's
 * change.
 */
export async function authorizeEvent(
  db: Db,
  userId: number,
  eventId: number,
  action: EventAction,
  options: { lock?: Engine } = {},
): Promise<EventRow> {
  let query = db
    .selectFrom('events')
    .selectAll('events')
    .where('events.id', '=', eventId)
    .where((eb) => visibleEvents(eb, userId, eventId));
  if (options.lock) query = options.lock.forUpdate(query);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  if (action === 'change' && row.owner_id !== userId) throw forbidden('FORBIDDEN', 'calendar.guestReadOnly');
  return row;
}
