/**
 * A booking's mails (D44, D42): to each host told (when their switch for bookings is on) and to
 * the visitor, in each one's language and zone, with the booking as an iTIP message — REQUEST when
 * booked or moved (SEQUENCE on), CANCEL when cancelled. The visitor's copy names the hosts by name
 * only: its organiser is the app's sending address, never a host's e-mail.
 */
import type { Selectable } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { BookingsTable } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { mailText, nameOf, recipientColumns, whenText } from '../../lib/mail-texts';
import { invitationIcs, type IcsMeeting } from '../calendar/ics';
import { mailWanted } from '../notifications/shared-work';

type Change = 'booked' | 'rescheduled' | 'cancelled';

/** The address of `Name <address>`, or the whole text. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

export async function bookingMails(
  trx: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'MAIL_FROM'>,
  row: Selectable<BookingsTable>,
  hostIds: number[],
  plan: { change: Change; hostsTold: number[]; token: string | null },
): Promise<Mail[]> {
  const people = await trx
    .selectFrom('users')
    .select(recipientColumns)
    .where('users.id', 'in', [row.owner_id, ...hostIds])
    .execute();
  const byId = new Map(people.map((person) => [person.id, person]));
  const hosts = hostIds.flatMap((id) => byId.get(id) ?? []);
  const owner = byId.get(row.owner_id)!;
  const hostNames = hosts.map(nameOf).join(', ');
  const method = plan.change === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const meeting: IcsMeeting = {
    uid: row.uid,
    sequence: row.sequence,
    name: row.title,
    description: row.note,
    link: '',
    location: row.location,
    start: row.start_at,
    end: row.end_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    organiser: { name: nameOf(owner), email: owner.email },
  };
  const visitor = { name: row.name, email: row.email, status: 'accepted' as const };
  const calendarOf = (ics: IcsMeeting) => ({
    method: plan.change === 'cancelled' ? ('CANCEL' as const) : ('REQUEST' as const),
    content: invitationIcs(ics, method),
  });
  const mails: Mail[] = [];
  const wanted = await mailWanted(trx, plan.hostsTold, 'booking-new');
  const hostCopy = calendarOf({
    ...meeting,
    attendees: [
      visitor,
      ...hosts.map((host) => ({ name: nameOf(host), email: host.email, status: 'accepted' as const })),
    ],
  });
  for (const host of hosts) {
    if (!wanted.has(host.id)) continue;
    mails.push({
      to: host.email,
      ...mailText(host.language, 'booking', {
        change: plan.change,
        forHost: true,
        name: nameOf(host),
        other: `${row.name} <${row.email}>`,
        title: row.title,
        when: whenText(host, row.start_at),
        link: `${config.PUBLIC_URL}/apps/booking`,
        location: row.location,
        reason: row.cancel_reason,
      }),
      calendar: hostCopy,
    });
  }
  const reader = {
    id: 0,
    email: row.email,
    username: row.name,
    full_name: row.name,
    language: row.language,
    time_zone: row.time_zone,
  };
  mails.push({
    to: row.email,
    ...mailText(row.language, 'booking', {
      change: plan.change,
      forHost: false,
      name: row.name,
      other: hostNames,
      title: row.title,
      when: whenText(reader, row.start_at),
      link: plan.token ? `${config.PUBLIC_URL}/booking/${plan.token}` : config.PUBLIC_URL,
      location: row.location,
      reason: row.cancel_reason,
    }),
    calendar: calendarOf({
      ...meeting,
      organiser: { name: nameOf(owner), email: addressOf(config.MAIL_FROM) },
      attendees: [visitor],
    }),
  });
  return mails;
}
