/**
 * Meetings on calendars (D24): a meeting with a time, while active, is an entry on its organiser's
 * calendar and on each acceptor's. The calendar owns `calendar_entries`; the meetings module says
 * where a meeting stands, and these write its entries.
 */
import type { Db } from '../../db';

/** Takes the meeting off every calendar (before it is placed again, archived or deleted). */
export async function clearMeetingEntries(trx: Db, meetingId: number): Promise<void> {
  await trx
    .deleteFrom('calendar_entries')
    .where('kind', '=', 'meeting')
    .where('source_id', '=', meetingId)
    .execute();
}

/** Puts the meeting on these people's calendars, from `start` to `end` (ISO instants). */
export async function addMeetingEntries(
  trx: Db,
  meetingId: number,
  place: { userIds: number[]; start: string; end: string },
): Promise<void> {
  if (place.userIds.length === 0) return;
  await trx
    .insertInto('calendar_entries')
    .values(
      place.userIds.map((user_id) => ({
        user_id,
        kind: 'meeting' as const,
        source_id: meetingId,
        is_long: false,
        start_at: place.start,
        end_at: place.end,
      })),
    )
    .execute();
}
