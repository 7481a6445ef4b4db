/**
 * Who may do what to a meeting (D5, D24, D33, D34, D42, §47, §48, §60): its organiser and its
 * invitees read it; the organiser alone edits, archives, completes and deletes it (an invitee gets
 * 403) and re-plans it (`meetingId` of the available times: anyone else, invitees too, 404); an
 * invitee answers while the meeting is active and not completed (409 `MEETING_CLOSED` otherwise),
 * the organiser never (403). Anyone else is told it does not exist (404, D10).
 *
 * An answer link (`/api/meeting-answers/{token}`, no sign-in) is for the one invitee of the one
 * meeting its signed token names, for answering alone: a forged token, one signed for another
 * purpose, or one whose invitee was taken off the meeting (or the meeting deleted) is 404; once
 * the meeting has ended — as signed, or as it is now if it moved earlier — 410; answering a
 * closed meeting through it is 409, as in the app.
 */
import { dayStart } from '../../lib/zoned-time';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db';
import { bool, type Engine } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { conflict, forbidden, gone, notFound } from '../../errors';
import type { LinkTokens } from '../../lib/tokens';
import { meetingEnd, type MeetingRow } from './presenter';

/** The purpose signed into an answer link: it can do nothing else. */
export const ANSWER_PURPOSE = 'meeting-answer';

/**
 * `read`: see it. `organise`: edit, archive, complete or delete it. `replan`: leave its time out
 * of the busy times when finding times (404, not 403, to an invitee). `answer`: accept or refuse.
 */
export type MeetingAction = 'read' | 'organise' | 'replan' | 'answer';

/**
 * The meetings the user organises or is invited to. With `meetingId`, the invitation is one probe
 * of (meeting, user) rather than the user's invitations.
 */
export function visibleMeetings(
  eb: ExpressionBuilder<Database, 'meetings'>,
  userId: number,
  meetingId?: number,
) {
  let invitedTo = eb
    .selectFrom('meeting_invitations')
    .select('meeting_invitations.meeting_id')
    .where('meeting_invitations.user_id', '=', userId);
  if (meetingId !== undefined) invitedTo = invitedTo.where('meeting_invitations.meeting_id', '=', meetingId);
  return eb.or([eb('meetings.owner_id', '=', userId), eb('meetings.id', 'in', invitedTo)]);
}

/**
 * The meeting, if the action is the user's, in one point query (`lock`: FOR UPDATE on the engines
 * that have it, for the caller's transaction); throws as the header says.
 */
export async function authorizeMeeting(
  db: Db,
  userId: number,
  meetingId: number,
  action: MeetingAction,
  options: { lock?: Engine } = {},
): Promise<MeetingRow> {
  let query = db
    .selectFrom('meetings')
    .selectAll('meetings')
    .where('meetings.id', '=', meetingId)
    .where((eb) => visibleMeetings(eb, userId, meetingId));
  if (options.lock) query = options.lock.forUpdate(query);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  const isOrganiser = row.owner_id === userId;
  if (action === 'replan' && !isOrganiser) throw notFound();
  if (action === 'organise' && !isOrganiser) throw forbidden('FORBIDDEN', 'meetings.organiserOnly');
  if (action === 'answer') {
    if (isOrganiser) throw forbidden('FORBIDDEN', 'meetings.notInvited');
    assertOpen(row);
  }
  return row;
}

/**
 * When an invitee's answer links stop working: when the meeting ends, or, while no time is
 * chosen, at the end of its last day in the organiser's zone.
 */
export function answerLinkExpiry(row: MeetingRow): number {
  const end = meetingEnd(row);
  if (end) return Date.parse(end);
  return dayStart(row.end_date, row.time_zone, 1);
}

/**
 * The meeting and the invitee an answer link names, for `view` (its page) or `answer` (throws as
 * the header says; `lock` as for authorizeMeeting).
 */
export async function authorizeAnswerLink(
  db: Db,
  links: LinkTokens,
  token: string,
  action: 'view' | 'answer',
  options: { lock?: Engine } = {},
): Promise<{ row: MeetingRow; userId: number }> {
  const link = links.verify(ANSWER_PURPOSE, token);
  if (!link || link.ids.length !== 2) throw notFound();
  const [meetingId, userId] = link.ids as [number, number];
  let query = db.selectFrom('meetings').selectAll().where('id', '=', meetingId);
  if (options.lock) query = options.lock.forUpdate(query);
  const row = await query.executeTakeFirst();
  const invited =
    row &&
    (await db
      .selectFrom('meeting_invitations')
      .select('user_id')
      .where('meeting_id', '=', meetingId)
      .where('user_id', '=', userId)
      .executeTakeFirst());
  if (!row || !invited) throw notFound();
  // Valid until the meeting ends: as signed, and as it is now (it may have moved earlier).
  if (link.expired || answerLinkExpiry(row) <= Date.now())
    throw gone('LINK_EXPIRED', 'meetings.answerLinkExpired');
  if (action === 'answer') assertOpen(row);
  return { row, userId };
}

/** An invitation is answered while its meeting is active and not completed (D24). */
function assertOpen(row: MeetingRow): void {
  if (row.state !== 'active' || bool(row.completed)) {
    throw conflict('MEETING_CLOSED', 'meetings.answerClosed');
  }
}
