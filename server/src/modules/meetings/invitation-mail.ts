/**
 * A meeting's mails (D34, D42), each in its recipient's language with the time in their zone:
 * the invitation — and, once a time is chosen, the meeting as iCalendar (METHOD:REQUEST, its UID
 * and SEQUENCE, organiser and attendees with their answers) — with Accept and Decline links that
 * answer without signing in; the same again when the time changes; METHOD:CANCEL when it is
 * deleted or archived or the invitee is taken off it; and the organiser's mail for each answer.
 * Rendered inside the transaction of the change, for the outbox.
 */
import type { Db } from '../../db';
import type { Mail } from '../../lib/mailer';
import { mailText, nameOf, type Recipient, recipientColumns, whenText } from '../../lib/mail-texts';
import type { LinkTokens } from '../../lib/tokens';
import { type IcsMeeting, invitationIcs, type ItipMethod } from '../calendar/ics';
import { ANSWER_PURPOSE, answerLinkExpiry } from './policy';
import { meetingEnd, type MeetingRow } from './presenter';

export interface MeetingMailParts {
  db: Db;
  links: LinkTokens;
  /** PUBLIC_URL, for the links. */
  base: string;
}

export type MeetingMailKind = 'invited' | 'changed' | 'cancelled' | 'removed';

/** The invitation to one invitee of a meeting by its id; none when the meeting is gone. */
export async function invitationMailsOf(
  parts: MeetingMailParts,
  meetingId: number,
  userId: number,
): Promise<Mail[]> {
  const row = await parts.db
    .selectFrom('meetings')
    .selectAll()
    .where('id', '=', meetingId)
    .executeTakeFirst();
  return row ? meetingMails(parts, row, [userId], 'invited') : [];
}

/** The mails of one kind to the invitees named, from the meeting as it is now in `db`. */
export async function meetingMails(
  parts: MeetingMailParts,
  row: MeetingRow,
  recipients: number[],
  kind: MeetingMailKind,
): Promise<Mail[]> {
  if (recipients.length === 0) return [];
  const { db, links, base } = parts;
  const invitations = await db
    .selectFrom('meeting_invitations')
    .select(['user_id', 'status'])
    .where('meeting_id', '=', row.id)
    .execute();
  const status = new Map(invitations.map((invitation) => [invitation.user_id, invitation.status]));
  const people = new Map(
    (
      await db
        .selectFrom('users')
        .select(recipientColumns)
        .where('users.id', 'in', [row.owner_id, ...status.keys(), ...recipients])
        .execute()
    ).map((person) => [person.id, person]),
  );
  const organiser = people.get(row.owner_id)!;
  const attendee = (id: number) => {
    const person = people.get(id)!;
    return { name: nameOf(person), email: person.email, status: status.get(id) ?? ('pending' as const) };
  };
  const ics = (method: ItipMethod, attendees: number[]) => {
    const meeting: IcsMeeting = {
      uid: row.uid,
      sequence: row.sequence,
      name: row.name,
      description: row.description,
      link: row.link,
      start: row.time!,
      end: meetingEnd(row)!,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      organiser: { name: nameOf(organiser), email: organiser.email },
      attendees: attendees.filter((id) => people.has(id)).map(attendee),
    };
    return invitationIcs(meeting, method);
  };
  const request = row.time === null ? null : ics('REQUEST', [...status.keys()]);
  const expires = answerLinkExpiry(row);
  const mails: Mail[] = [];
  for (const id of recipients) {
    const person = people.get(id);
    if (!person || id === row.owner_id) continue;
    const common = {
      name: nameOf(person),
      organiser: nameOf(organiser),
      title: row.name,
      when: row.time === null ? null : whenText(person, row.time),
      link: `${base}/apps/meetings/preview?id=${row.id}`,
    };
    if (kind === 'cancelled' || kind === 'removed') {
      const text = mailText(person.language, 'meetingCancelled', { ...common, removed: kind === 'removed' });
      mails.push({
        to: person.email,
        ...text,
        ...(row.time === null
          ? {}
          : {
              calendar: {
                method: 'CANCEL' as const,
                content: ics('CANCEL', kind === 'removed' ? [id] : [...status.keys()]),
              },
            }),
      });
      continue;
    }
    const token = links.sign(ANSWER_PURPOSE, [row.id, id], expires);
    const answer = (value: 'accepted' | 'refused') => `${base}/meeting-answer/${token}?status=${value}`;
    const text = mailText(person.language, 'meetingInvitation', {
      ...common,
      changed: kind === 'changed',
      accept: answer('accepted'),
      decline: answer('refused'),
    });
    mails.push({
      to: person.email,
      ...text,
      ...(request ? { calendar: { method: 'REQUEST' as const, content: request } } : {}),
    });
  }
  return mails;
}

/** The organiser's mail for an invitee's answer. */
export function answeredMail(
  base: string,
  row: MeetingRow,
  organiser: Recipient,
  invitee: { full_name: string; username: string },
  accepted: boolean,
): Mail {
  const text = mailText(organiser.language, 'meetingAnswered', {
    name: nameOf(organiser),
    person: nameOf(invitee),
    title: row.name,
    when: row.time === null ? null : whenText(organiser, row.time),
    link: `${base}/apps/meetings/preview?id=${row.id}`,
    accepted,
  });
  return { to: organiser.email, ...text };
}
