/**
 * The e-mail of a meeting invitation (D34): in the invitee's language, the time in their zone, and,
 * once a time is chosen, the invitation as iCalendar (METHOD:REQUEST, the meeting's UID and
 * SEQUENCE, its organiser and attendees) that mail clients offer to add to a calendar.
 */
import { ICalCalendarMethod } from 'ical-generator';
import type { Db } from '../../db';
import type { Mail } from '../../lib/mailer';
import { mailText } from '../../lib/mail-texts';
import { invitationIcs } from '../calendar/ics';
import { meetingEnd } from './presenter';

/** The mail for the meeting, or null when it no longer exists. */
export async function invitationMail(
  db: Db,
  meetingId: number,
  invitee: { name: string; language: string; when: (instant: string) => string; link: string },
): Promise<Omit<Mail, 'to'> | null> {
  const meeting = await db.selectFrom('meetings').selectAll().where('id', '=', meetingId).executeTakeFirst();
  if (!meeting) return null;
  const people = await db
    .selectFrom('users')
    .leftJoin('meeting_invitations', (join) =>
      join
        .onRef('meeting_invitations.user_id', '=', 'users.id')
        .on('meeting_invitations.meeting_id', '=', meetingId),
    )
    .select(['users.id', 'users.username', 'users.full_name', 'users.email', 'meeting_invitations.status'])
    .where((eb) =>
      eb.or([eb('users.id', '=', meeting.owner_id), eb('meeting_invitations.meeting_id', '=', meetingId)]),
    )
    .orderBy('users.id')
    .execute();
  const nameOf = (person: { full_name: string; username: string }) => person.full_name || person.username;
  const organiser = people.find((person) => person.id === meeting.owner_id)!;
  const text = mailText(invitee.language, 'meetingInvitation', {
    name: invitee.name,
    organiser: nameOf(organiser),
    title: meeting.name,
    when: meeting.time === null ? null : invitee.when(meeting.time),
    link: invitee.link,
  });
  if (meeting.time === null) return text;
  const content = invitationIcs(
    {
      uid: meeting.uid,
      sequence: meeting.sequence,
      name: meeting.name,
      description: meeting.description,
      link: meeting.link,
      start: meeting.time,
      end: meetingEnd(meeting)!,
      createdAt: meeting.created_at,
      updatedAt: meeting.updated_at,
      organiser: { name: nameOf(organiser), email: organiser.email },
      attendees: people
        .filter((person) => person.id !== meeting.owner_id && person.status !== null)
        .map((person) => ({ name: nameOf(person), email: person.email, status: person.status! })),
    },
    ICalCalendarMethod.REQUEST,
  );
  return { ...text, calendar: { method: 'REQUEST', content } };
}
