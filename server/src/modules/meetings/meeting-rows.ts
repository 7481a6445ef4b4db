/**
 * What a meeting's own changes and its invitations' answers both do with a meeting row: present it
 * with its invitations and people, rewrite its calendar entries, announce the change after commit.
 */
import type { Meeting, PublicUser } from '@cadence/contract';
import type { Db } from '../../db';
import { afterCommit } from '../../db/transaction';
import type { LiveHub } from '../../lib/live';
import { addMeetingEntries, clearMeetingEntries } from '../calendar/meeting-entries';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { type InvitationRow, type MeetingRow, presentMeeting } from './presenter';

export const MINUTE_MS = 60_000;
export const now = () => new Date().toISOString();

/** The rows with their invitations and people: two indexed queries. */
export async function presentMeetings(db: Db, rows: MeetingRow[], viewerId: number): Promise<Meeting[]> {
  if (rows.length === 0) return [];
  const invitations = await db
    .selectFrom('meeting_invitations')
    .selectAll()
    .where(
      'meeting_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('meeting_id')
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  const ids = new Set([...rows.map((row) => row.owner_id), ...invitations.map((i) => i.user_id)]);
  const people = new Map<number, PublicUser>(
    (
      await db
        .selectFrom('users')
        .select(publicUserColumns)
        .where('users.id', 'in', [...ids])
        .execute()
    ).map((user) => [user.id, presentPublicUser(user)]),
  );
  const byMeeting = new Map<number, InvitationRow[]>();
  for (const invitation of invitations) {
    const list = byMeeting.get(invitation.meeting_id) ?? [];
    list.push(invitation);
    byMeeting.set(invitation.meeting_id, list);
  }
  return rows.map((row) => presentMeeting(row, byMeeting.get(row.id) ?? [], people, viewerId));
}

/** The meeting's calendar entries: with a time and active, on its organiser's and acceptors'. */
export async function writeMeetingEntries(trx: Db, row: MeetingRow): Promise<void> {
  await clearMeetingEntries(trx, row.id);
  if (row.time === null || row.state !== 'active') return;
  const accepted = await trx
    .selectFrom('meeting_invitations')
    .select('user_id')
    .where('meeting_id', '=', row.id)
    .where('status', '=', 'accepted')
    .execute();
  await addMeetingEntries(trx, row.id, {
    userIds: [row.owner_id, ...accepted.map((a) => a.user_id)],
    start: row.time,
    end: new Date(Date.parse(row.time) + row.duration * MINUTE_MS).toISOString(),
  });
}

/** Once `trx` commits: invitations changed for `told` (live `request`), notifications for `notified`. */
export function announceMeetings(live: LiveHub, trx: Db, told: number[], notified: number[]): void {
  afterCommit(trx, () => {
    live.publish(told, { type: 'request', data: { kind: 'meeting' } });
    live.publish(notified, { type: 'notification', data: {} });
  });
}
