/** Maps meeting rows, with their invitations and people, to the contract's `meeting` (D34). */
import type { Invitation, Meeting, PublicUser } from '@cadence/contract';
import type { Selectable } from 'kysely';
import { bool } from '../../db/dialect';
import type { MeetingInvitationsTable, MeetingsTable } from '../../db/schema';

export type MeetingRow = Selectable<MeetingsTable>;
export type InvitationRow = Selectable<MeetingInvitationsTable>;

/** The end of a chosen time: its start plus the duration. */
export function meetingEnd(row: Pick<MeetingRow, 'time' | 'duration'>): string | null {
  return row.time === null ? null : new Date(Date.parse(row.time) + row.duration * 60_000).toISOString();
}

export function presentMeeting(
  row: MeetingRow,
  invitations: InvitationRow[],
  people: Map<number, PublicUser>,
  viewerId: number,
): Meeting {
  const answers: Invitation[] = invitations.map((invitation) => ({
    user: String(invitation.user_id),
    status: invitation.status,
    answeredAt: invitation.answered_at,
    person: people.get(invitation.user_id)!,
  }));
  const mine = invitations.find((invitation) => invitation.user_id === viewerId);
  return {
    _id: String(row.id),
    user: String(row.owner_id),
    name: row.name,
    description: row.description,
    duration: row.duration,
    startDate: row.start_date,
    endDate: row.end_date,
    link: row.link,
    time: row.time,
    end: meetingEnd(row),
    step: row.step,
    timeZone: row.time_zone,
    state: row.state,
    completed: bool(row.completed),
    invitations: answers,
    organiser: people.get(row.owner_id)!,
    isOrganiser: row.owner_id === viewerId,
    myStatus: row.owner_id === viewerId ? null : (mine?.status ?? null),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
