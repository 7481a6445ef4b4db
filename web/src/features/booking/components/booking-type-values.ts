/**
 * The booking-type form's values and the choices it shows, as pure functions: the form holds the
 * very body the API takes (BookingTypeInput), so the contract's schema checks it and the server's
 * field messages land on their fields; only the shown units (hours or minutes of notice) and the
 * hosts' choice (me, or a group and how it is booked) are mapped here.
 */
import type { BookingHosts, BookingType, BookingTypeInput } from '@cadence/contract';

/** The last part of the public link allows at most this many characters. */
export const SLUG_MAX = 60;

/**
 * A slug for a title: lowercase letters without their accents, digits and single hyphens, as the
 * contract's slug allows ("Café à 2 — 30 min" → "cafe-a-2-30-min"); empty when nothing is left.
 */
export function suggestSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** What a new booking type starts with: the contract's defaults, and half an hour. */
export const newBookingType: BookingTypeInput = {
  slug: '',
  title: '',
  description: '',
  duration: 30,
  bufferBefore: 0,
  bufferAfter: 0,
  minNotice: 240,
  maxPerDay: null,
  rangeDays: 60,
  location: '',
  hosts: { mode: 'alone', group: null },
};

/** The form's values: a new type's defaults, or the type as it is (without what the server adds). */
export function bookingTypeValues(type: BookingType | null): BookingTypeInput {
  if (!type) return { ...newBookingType, hosts: { ...newBookingType.hosts } };
  return {
    slug: type.slug,
    title: type.title,
    description: type.description,
    duration: type.duration,
    bufferBefore: type.bufferBefore,
    bufferAfter: type.bufferAfter,
    minNotice: type.minNotice,
    maxPerDay: type.maxPerDay,
    rangeDays: type.rangeDays,
    location: type.location,
    hosts: { mode: type.hosts.mode, group: type.hosts.group },
  };
}

/** The hosts' choice as the form shows it: "me" or a group's id, and how a group is booked. */
export const ME = 'me';
export type GroupMode = Exclude<BookingHosts['mode'], 'alone'>;

export function hostsChoice(hosts: BookingHosts): { who: string; groupMode: GroupMode } {
  return hosts.mode === 'alone' || hosts.group === null
    ? { who: ME, groupMode: 'collective' }
    : { who: hosts.group, groupMode: hosts.mode };
}

export function hostsOf(who: string, groupMode: GroupMode): BookingHosts {
  return who === ME ? { mode: 'alone', group: null } : { mode: groupMode, group: who };
}

/** The minimum notice shows in hours when it is whole hours, else in minutes. */
export type NoticeUnit = 'minutes' | 'hours';
export const noticeFactor: Record<NoticeUnit, number> = { minutes: 1, hours: 60 };

export function noticeUnitOf(minutes: number): NoticeUnit {
  return minutes > 0 && minutes % 60 === 0 ? 'hours' : 'minutes';
}

/**
 * A number field's value for the form: an emptied field reads as NaN, which the schema refuses with
 * the field's message (rather than a silent 0); `empty` is what an optional field means by empty.
 */
export function numberOf(value: string | number): number;
export function numberOf<E>(value: string | number, empty: E): number | E;
export function numberOf<E>(value: string | number, ...empty: [E] | []): number | E {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return empty.length > 0 ? (empty[0] as E) : Number.NaN;
  return Number(value);
}
