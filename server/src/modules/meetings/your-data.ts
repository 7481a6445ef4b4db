/**
 * Meetings' part of "your data": the meetings the user organises with their
 * invitations, those they are invited to, and their working hours; the account's deletion takes
 * the first and their invitations to the others.
 */
import type { WorkingInterval, YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { othersOn } from '../../lib/list-versions';
import { peopleNamed } from '../users/your-data';

export async function exportMeetings(
  db: Db,
  user: { id: number; working_hours: string | null },
): Promise<Pick<YourDataExport, 'meetings' | 'workingHours'>> {
  const userId = user.id;
  const meetings = await db
    .selectFrom('meetings')
    .selectAll()
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
  const invitations = await db
    .selectFrom('meeting_invitations')
    .innerJoin('meetings', 'meetings.id', 'meeting_invitations.meeting_id')
    .select([
      'meeting_invitations.meeting_id',
      'meeting_invitations.user_id',
      'meeting_invitations.status',
      'meeting_invitations.answered_at',
      'meeting_invitations.created_at',
      'meetings.owner_id',
      'meetings.name',
      'meetings.time',
    ])
    .where((eb) =>
      eb.or([eb('meetings.owner_id', '=', userId), eb('meeting_invitations.user_id', '=', userId)]),
    )
    .execute();
  const person = await peopleNamed(
    db,
    invitations.flatMap((i) => [i.user_id, i.owner_id]),
  );
  return {
    meetings: {
      organised: meetings.map((m) => ({
        _id: String(m.id),
        name: m.name,
        description: m.description,
        duration: m.duration,
        startDate: m.start_date,
        endDate: m.end_date,
        link: m.link,
        time: m.time,
        step: m.step,
        timeZone: m.time_zone,
        state: m.state,
        completed: bool(m.completed),
        uid: m.uid,
        sequence: m.sequence,
        createdAt: m.created_at,
        updatedAt: m.updated_at,
        invitations: invitations
          .filter((i) => i.meeting_id === m.id)
          .map((i) => ({
            user: person(i.user_id),
            status: i.status,
            answeredAt: i.answered_at,
            createdAt: i.created_at,
          })),
      })),
      invitations: invitations
        .filter((i) => i.user_id === userId && i.owner_id !== userId)
        .map((i) => ({
          meetingId: String(i.meeting_id),
          name: i.name,
          time: i.time,
          organiser: person(i.owner_id),
          status: i.status,
          answeredAt: i.answered_at,
          createdAt: i.created_at,
        })),
    },
    workingHours: user.working_hours === null ? null : (JSON.parse(user.working_hours) as WorkingInterval[]),
  };
}

/** The ids of the meetings the user organises, which others' calendars and bells may point at. */
export function ownedMeetingIds(trx: Db, userId: number) {
  return trx.selectFrom('meetings').select('id').where('owner_id', '=', userId);
}

/**
 * Takes the user's meetings and their invitations to others'; answers who else had those
 * meetings in their calendars (organisers and invitees), whose lists must be read afresh.
 */
export async function eraseMeetings(trx: Db, userId: number): Promise<number[]> {
  const people = await trx
    .selectFrom('meeting_invitations')
    .innerJoin('meetings', 'meetings.id', 'meeting_invitations.meeting_id')
    .select(['meeting_invitations.user_id', 'meetings.owner_id'])
    .where((eb) =>
      eb.or([
        eb('meetings.owner_id', '=', userId),
        eb(
          'meeting_invitations.meeting_id',
          'in',
          trx.selectFrom('meeting_invitations').select('meeting_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .execute();
  await trx.deleteFrom('meeting_invitations').where('user_id', '=', userId).execute();
  await trx.deleteFrom('meetings').where('owner_id', '=', userId).execute();
  return othersOn(people, userId);
}
