/**
 * Booking pages (D44): a user's booking types — a link anyone may open to book a time with them,
 * or with one of their groups (collective: everyone free, everyone booked; round-robin: the free
 * host with the fewest bookings) — the public free times and booking calls, and the visitor's
 * calls through the token of their booking.
 */
import { z } from 'zod';
import { email } from './auth';
import { bookingMessages as m } from './booking-messages';
import { isCalendarDay, timeZone } from './fields';
import { publicUser } from './people';
import { userId } from './users';

export { bookingMessages } from './booking-messages';

/** At most this many booking types per user. */
export const BOOKING_TYPES_MAX = 50;
/** A public read of free times covers at most this many days. */
export const BOOKING_RANGE_MAX_DAYS = 42;
export const bookingModes = ['alone', 'collective', 'round-robin'] as const;
export type BookingMode = (typeof bookingModes)[number];

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const bookingSlug = z
  .string({ error: m['booking.slugInvalid'] })
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/, m['booking.slugInvalid']);

const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);

/**
 * Who is booked: the user alone, or the user and one of their groups' members — `collective`
 * (a time is offered when everyone is free; everyone is booked) or `round-robin` (a time is
 * offered when any of them is free; the free one with the fewest bookings of the type is booked).
 */
export const bookingHosts = z
  .strictObject({
    mode: z.enum(bookingModes, { error: m['booking.hostsInvalid'] }),
    group: userId.nullable().default(null).describe('One of your groups, for collective and round-robin'),
  })
  .superRefine((hosts, ctx) => {
    if ((hosts.mode === 'alone') !== (hosts.group === null)) {
      ctx.addIssue({ code: 'custom', message: m['booking.hostsInvalid'], path: ['group'] });
    }
  })
  .meta({ id: 'BookingHosts' });
export type BookingHosts = z.infer<typeof bookingHosts>;

export const bookingTypeInput = z
  .strictObject({
    slug: bookingSlug.describe('The last part of the public link /book/{username}/{slug}'),
    title: text(100, m['booking.titleLength']).min(1, m['booking.titleLength']),
    description: text(2000, m['booking.descriptionLength']).default(''),
    duration: whole(5, 720, m['booking.durationInvalid']).describe('Minutes'),
    bufferBefore: whole(0, 240, m['booking.bufferInvalid'])
      .default(0)
      .describe('Minutes free of other busy time before a booking'),
    bufferAfter: whole(0, 240, m['booking.bufferInvalid'])
      .default(0)
      .describe('Minutes free of other busy time after a booking'),
    minNotice: whole(0, 43_200, m['booking.noticeInvalid'])
      .default(240)
      .describe('Minutes between now and the earliest time offered'),
    maxPerDay: whole(1, 100, m['booking.maxPerDayInvalid'])
      .nullable()
      .default(null)
      .describe('At most this many bookings of the type per host and day (the host’s day); null: no limit'),
    rangeDays: whole(1, 365, m['booking.rangeDaysInvalid'])
      .default(60)
      .describe('How many days ahead may be booked'),
    location: text(500, m['booking.locationLength']).default('').describe('A place or a video link'),
    hosts: bookingHosts.default({ mode: 'alone', group: null }),
  })
  .meta({ id: 'BookingTypeFields' });
export type BookingTypeInput = z.infer<typeof bookingTypeInput>;

export const bookingType = z
  .object({
    _id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    duration: z.number().int(),
    bufferBefore: z.number().int(),
    bufferAfter: z.number().int(),
    minNotice: z.number().int(),
    maxPerDay: z.number().int().nullable(),
    rangeDays: z.number().int(),
    location: z.string(),
    hosts: z.object({ mode: z.enum(bookingModes), group: z.string().nullable() }),
    /** The public page's path, from the web app's root */
    path: z.string().describe('/book/{username}/{slug}'),
    createdAt: z.string(),
  })
  .meta({ id: 'BookingType' });
export type BookingType = z.infer<typeof bookingType>;

export const bookingTypeList = z
  .object({ data: z.array(bookingType), count: z.number().int().min(0) })
  .meta({ id: 'BookingTypeList' });
export type BookingTypeList = z.infer<typeof bookingTypeList>;

export const bookingTypeParams = z.object({ id: userId });

/** The public page's path: a username and a slug (anything else answers 404). */
export const publicBookingParams = z.object({
  username: z.string().min(1).max(60),
  slug: z.string().min(1).max(60),
});

const day = z.string({ error: m['booking.rangeInvalid'] }).refine(isCalendarDay, m['booking.rangeInvalid']);

/** Whether a public range is whole days in order, at most BOOKING_RANGE_MAX_DAYS long. */
export function isBookingRange(start: string, end: string): boolean {
  if (!isCalendarDay(start) || !isCalendarDay(end)) return true;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days < BOOKING_RANGE_MAX_DAYS;
}

export const publicTimesQuery = z
  .strictObject({
    start: day.describe('The first day, YYYY-MM-DD in the visitor’s zone'),
    end: day.describe('The last day, included'),
    timeZone: timeZone.describe('The visitor’s IANA time zone: days and times are grouped in it'),
  })
  .superRefine((query, ctx) => {
    if (!isBookingRange(query.start, query.end)) {
      ctx.addIssue({ code: 'custom', message: m['booking.rangeInvalid'], path: ['end'] });
    }
  });
export type PublicTimesQuery = z.infer<typeof publicTimesQuery>;

/** What a visitor may see of a booking type: never a host’s e-mail or another event. */
export const publicBookingType = z
  .object({
    title: z.string(),
    description: z.string(),
    duration: z.number().int(),
    location: z.string(),
    host: publicUser.describe('The user whose link it is (D11)'),
    mode: z.enum(bookingModes),
    hosts: z.array(publicUser).describe('Everyone who may be booked: the user, and the group’s members'),
    minNotice: z.number().int().describe('Minutes between now and the earliest time offered'),
    rangeDays: z.number().int().describe('How many days ahead may be booked'),
  })
  .meta({ id: 'PublicBookingType' });
export type PublicBookingType = z.infer<typeof publicBookingType>;

export const publicTimes = z
  .object({
    type: publicBookingType,
    timeZone: z.string(),
    data: z
      .array(z.object({ date: z.string(), times: z.array(z.string()) }))
      .describe('The start instants open for booking (ISO 8601 UTC), grouped by the visitor’s dates'),
  })
  .meta({ id: 'PublicTimes' });
export type PublicTimes = z.infer<typeof publicTimes>;

const start = z
  .string({ error: m['booking.startInvalid'] })
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
    m['booking.startInvalid'],
  );

export const bookInput = z
  .strictObject({
    start: start.describe('One of the times offered'),
    name: z
      .string({ error: m['booking.nameLength'] })
      .trim()
      .min(1, m['booking.nameLength'])
      .max(100, m['booking.nameLength']),
    email,
    note: text(2000, m['booking.noteLength']).default(''),
    timeZone: timeZone.describe('The visitor’s zone: their mails say times in it'),
    language: z.enum(['en', 'fr', 'de', 'pt']).default('en').describe('The language of the visitor’s mails'),
    website: z
      .string()
      .max(500)
      .default('')
      .describe('A honeypot: left empty by people; a booking that fills it is not written'),
  })
  .meta({ id: 'BookInput' });
export type BookInput = z.infer<typeof bookInput>;

export const booked = z
  .object({ token: z.string().describe('The secret of the manage link /booking/{token}') })
  .meta({ id: 'Booked' });

export const bookingStatuses = ['confirmed', 'cancelled'] as const;

/** A booking as its visitor sees it through the token. */
export const bookingView = z
  .object({
    start: z.string(),
    end: z.string(),
    status: z.enum(bookingStatuses),
    name: z.string(),
    note: z.string(),
    timeZone: z.string(),
    language: z.enum(['en', 'fr', 'de', 'pt']).describe('The language the visitor booked in (their mails’)'),
    cancelReason: z.string(),
    type: publicBookingType.extend({
      username: z.string(),
      slug: z.string().describe('For the page that offers new times: /book/{username}/{slug}'),
    }),
    hosts: z.array(publicUser).describe('Who is booked'),
    /** Whether it can still be cancelled or moved: confirmed and not begun */
    open: z.boolean(),
  })
  .meta({ id: 'BookingView' });
export type BookingView = z.infer<typeof bookingView>;

export const bookingTokenParams = z.object({
  token: z.string().min(1).max(90).describe('The token of the manage link mailed to the visitor'),
});

export const cancelBookingInput = z
  .strictObject({ reason: text(500, m['booking.reasonLength']).default('') })
  .nullish()
  .meta({ id: 'CancelBookingInput' });

export const rescheduleBookingInput = z
  .strictObject({ start: start.describe('One of the times offered') })
  .meta({ id: 'RescheduleBookingInput' });

/** A booking as its host sees it on /apps/booking. */
export const hostBooking = z
  .object({
    _id: z.string(),
    typeId: z.string().nullable(),
    title: z.string().describe('The type’s title when booked'),
    start: z.string(),
    end: z.string(),
    status: z.enum(bookingStatuses),
    name: z.string(),
    email: z.string().describe('The visitor’s, for the host to reply'),
    note: z.string(),
    timeZone: z.string(),
    hosts: z.array(publicUser),
    createdAt: z.string(),
  })
  .meta({ id: 'HostBooking' });
export type HostBooking = z.infer<typeof hostBooking>;

export const hostBookingList = z
  .object({ data: z.array(hostBooking), count: z.number().int().min(0) })
  .meta({ id: 'HostBookingList' });
export type HostBookingList = z.infer<typeof hostBookingList>;

export const hostBookingsQuery = z.strictObject({
  when: z.enum(['upcoming', 'past', 'cancelled']).default('upcoming'),
});
