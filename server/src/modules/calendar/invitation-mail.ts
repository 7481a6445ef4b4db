/**
 * The mails an event's guests get (D42): the event as an iTIP message (RFC 5546) — REQUEST when
 * they are added or its times change, with SEQUENCE moved on; CANCEL when it is deleted or they
 * are taken off it — each in the guest's language with the time in their zone. Rendered inside the
 * transaction of the change and written to the outbox, so they exist exactly when it commits.
 */
import type { Db } from '../../db';
import type { Mail } from '../../lib/mailer';
import {
  eventPath,
  mailText,
  nameOf,
  type Recipient,
  recipientColumns,
  whenText,
} from '../../lib/mail-texts';
import { exceptionsOf } from './exceptions';
import { eventInvitationIcs, type IcsPeople } from './ics';
import type { EventRow } from './presenter';
import { bool } from '../../db/dialect';

export interface GuestMails {
  /** Added to the event: REQUEST. */
  invited?: number[];
  /** Its times changed: REQUEST again. */
  changed?: number[];
  /** Taken off it, or it is deleted: CANCEL. */
  cancelled?: number[];
}

/** The organiser and the guests of an event, as iCalendar names them. */
export async function eventPeople(db: Db, row: EventRow, guests: number[]): Promise<Map<number, Recipient>> {
  const people = await db
    .selectFrom('users')
    .select(recipientColumns)
    .where('users.id', 'in', [row.owner_id, ...guests])
    .execute();
  return new Map(people.map((person) => [person.id, person]));
}

/**
 * The mails for one event's guests, from the event as it is now in `trx` (for a cancellation,
 * read it before deleting it). `guests` are the ones who stay on it (the ATTENDEEs).
 */
export async function guestMails(
  trx: Db,
  row: EventRow,
  guests: number[],
  plan: GuestMails,
  base: string,
  when: { start: string; allDay: boolean } = { start: row.start_at, allDay: bool(row.all_day) },
): Promise<Mail[]> {
  const everyone = [...(plan.invited ?? []), ...(plan.changed ?? []), ...(plan.cancelled ?? [])];
  if (everyone.length === 0) return [];
  const people = await eventPeople(trx, row, [...guests, ...everyone]);
  const organiser = people.get(row.owner_id)!;
  const changed = row.recurrence ? ((await exceptionsOf(trx, [row.id])).get(row.id) ?? []) : [];
  const party = (attendees: number[]): IcsPeople => ({
    organiser: { name: nameOf(organiser), email: organiser.email },
    attendees: [...new Set(attendees)].flatMap((id) => {
      const person = people.get(id);
      return person ? [{ name: nameOf(person), email: person.email, status: 'accepted' as const }] : [];
    }),
  });
  const request = eventInvitationIcs(row, changed, party(guests), 'REQUEST');
  const mails: Mail[] = [];
  const write = (ids: number[] | undefined, kind: 'invited' | 'changed' | 'cancelled') => {
    for (const id of ids ?? []) {
      const person = people.get(id);
      if (!person || id === row.owner_id) continue;
      const text = mailText(person.language, 'eventInvitation', {
        name: nameOf(person),
        organiser: nameOf(organiser),
        title: row.title,
        when: whenText(person, when.start, when.allDay),
        link: `${base}${eventPath(row.id, when.start, when.allDay, person.time_zone)}`,
        changed: kind === 'changed',
        cancelled: kind === 'cancelled',
      });
      const calendar =
        kind === 'cancelled'
          ? {
              method: 'CANCEL' as const,
              content: eventInvitationIcs(row, changed, party([id]), 'CANCEL'),
            }
          : { method: 'REQUEST' as const, content: request };
      mails.push({ to: person.email, ...text, calendar });
    }
  };
  write(plan.invited, 'invited');
  write(plan.changed, 'changed');
  write(plan.cancelled, 'cancelled');
  return mails;
}
