/** Maps event rows, with their people, to the contract's `calendarEvent` (D31). */
import type { CalendarEvent, EventCategory, PublicUser } from '@cadence/contract';
import type { Selectable } from 'kysely';
import { bool } from '../../db/dialect';
import type { EventsTable } from '../../db/schema';

export type EventRow = Selectable<EventsTable>;

export function presentEvent(
  row: EventRow,
  owner: PublicUser,
  guests: PublicUser[],
  viewerId: number,
): CalendarEvent {
  return {
    _id: String(row.id),
    user: String(row.owner_id),
    kind: 'event',
    title: row.title,
    start: row.start_at,
    end: row.end_at,
    allDay: bool(row.all_day),
    url: row.url,
    location: row.location,
    description: row.description,
    category: row.category as EventCategory,
    guests: guests.map((guest) => guest._id),
    reminder: row.reminder,
    recurrence: row.recurrence,
    timeZone: row.time_zone,
    seriesStart: row.start_at,
    seriesEnd: row.end_at,
    editable: row.owner_id === viewerId,
    owner,
    guestUsers: guests,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
