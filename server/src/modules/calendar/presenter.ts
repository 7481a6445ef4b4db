/** Maps event rows, with their people, to the contract's `calendarEvent` (D31). */
import type { CalendarEvent, CalendarOccurrence, EventCategory, PublicUser } from '@cadence/contract';
import type { Selectable } from 'kysely';
import { bool } from '../../db/dialect';
import type { EventsTable } from '../../db/schema';

export type EventRow = Selectable<EventsTable>;

/** An event as a range read lists it (D41): its people by id, start and end set per occurrence. */
export function presentOccurrence(row: EventRow, guestIds: number[], viewerId: number): CalendarOccurrence {
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
    guests: guestIds.map(String),
    reminder: row.reminder,
    recurrence: row.recurrence,
    timeZone: row.time_zone,
    occurrence: row.start_at,
    exception: false,
    seriesStart: row.start_at,
    seriesEnd: row.end_at,
    editable: row.owner_id === viewerId,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentEvent(
  row: EventRow,
  owner: PublicUser,
  guests: PublicUser[],
  viewerId: number,
): CalendarEvent {
  return {
    ...presentOccurrence(
      row,
      guests.map((guest) => Number(guest._id)),
      viewerId,
    ),
    owner,
    guestUsers: guests,
  };
}

/**
 * A meeting with a chosen time as it shows on a participant's calendar (D31: `kind: 'meeting'`):
 * read-only there, changed on the meetings pages; its guests are the invitees who accepted.
 */
export function presentMeetingEntry(
  row: {
    id: number;
    owner_id: number;
    name: string;
    description: string;
    link: string;
    time: string;
    end: string;
    time_zone: string;
    created_at: string;
    updated_at: string;
  },
  owner: PublicUser,
  guests: PublicUser[],
): CalendarEvent {
  return {
    _id: String(row.id),
    user: String(row.owner_id),
    kind: 'meeting',
    title: row.name,
    start: row.time,
    end: row.end,
    allDay: false,
    url: row.link,
    location: '',
    description: row.description,
    category: 'Business',
    guests: guests.map((guest) => guest._id),
    reminder: null,
    recurrence: null,
    timeZone: row.time_zone,
    occurrence: row.time,
    exception: false,
    seriesStart: row.time,
    seriesEnd: row.end,
    editable: false,
    owner,
    guestUsers: guests,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
