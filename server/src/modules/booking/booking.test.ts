/**
 * Booking pages (D44) through HTTP, on the engine the run selects: the host's types (who may read
 * and change them, bad input → 400 with nothing written); the public free times in the visitor's
 * zone across DST weeks that differ between host and visitor, with buffers, notice and the daily
 * maximum; booking, rescheduling and cancelling through the token, with the host's calendar, bell
 * and mails (a real SMTP server, the .ics read by ical.js); collective and round-robin groups;
 * ten visitors racing for one time; the honeypot; and no e-mail address in any public answer.
 */
import {
  type BookingType,
  type BookingTypeList,
  type BookingView,
  type CalendarEvents,
  type HostBookingList,
  type PublicTimes,
} from '@cadence/contract';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  befriend,
  buildEvent,
  buildGroup,
  buildUserInZone,
  call,
  expectError,
  expectSignInRequired,
  notificationsOf,
  ok,
  type TestUser,
  untilMailSent,
} from '../../test/factories';
import { createTestApp, fingerprint, type TestApp } from '../../test/harness';
import { type ReceivedMail, startInbox, type TestInbox } from '../../test/smtp';

let t: TestApp;
let inbox: TestInbox;

beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://cadence.test' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/** A Monday at least two weeks ahead, as a date (the tests' days do not depend on today). */
function mondayAhead(weeks = 2): string {
  const day = DateTime.utc().plus({ weeks }).startOf('week');
  return day.toISODate();
}

const typeInput = (fields: Record<string, unknown> = {}) => ({
  slug: `intro-${Math.random().toString(36).slice(2, 8)}`,
  title: 'Intro call',
  description: 'Thirty minutes to meet.',
  duration: 30,
  minNotice: 0,
  rangeDays: 365,
  location: 'https://meet.example.org/intro',
  ...fields,
});

async function buildType(host: TestUser, fields: Record<string, unknown> = {}): Promise<BookingType> {
  return ok<BookingType>(t, 'POST', '/api/booking-types', host.token, typeInput(fields), 201);
}

const timesOf = (
  host: TestUser,
  type: BookingType,
  start: string,
  end = start,
  timeZone = 'America/New_York',
) =>
  ok<PublicTimes>(
    t,
    'GET',
    `/api/book/${host.username}/${type.slug}?${new URLSearchParams({ start, end, timeZone }).toString()}`,
    undefined,
  );

const visitor = (fields: Record<string, unknown> = {}) => ({
  name: 'Dana Visitor',
  email: `dana.${Math.random().toString(36).slice(2, 8)}@visitor.test`,
  note: 'About the project',
  timeZone: 'America/New_York',
  ...fields,
});

function book(host: TestUser, type: BookingType, start: string, fields: Record<string, unknown> = {}) {
  return call(t, 'POST', `/api/book/${host.username}/${type.slug}`, undefined, visitor({ start, ...fields }));
}

async function booked(
  host: TestUser,
  type: BookingType,
  start: string,
  fields: Record<string, unknown> = {},
) {
  const response = await book(host, type, start, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ token: string }>().token;
}

/** The .ics a mail carries. */
function icsOf(mail: ReceivedMail): string {
  const file = mail.attachments.find(
    (part) => part.contentType.startsWith('text/calendar') || part.filename.endsWith('.ics'),
  );
  expect(file, mail.subject).toBeDefined();
  return file!.content;
}

const allTimes = (times: PublicTimes) => times.data.flatMap((day) => day.times);

describe('booking types', () => {
  it('answers 401 without a token and changes nothing', async () => {
    await expectSignInRequired(t, 'GET', '/api/booking-types');
    await expectSignInRequired(t, 'POST', '/api/booking-types', typeInput());
    await expectSignInRequired(t, 'PUT', '/api/booking-types/1', typeInput());
    await expectSignInRequired(t, 'DELETE', '/api/booking-types/1');
    await expectSignInRequired(t, 'GET', '/api/bookings');
    await expectSignInRequired(t, 'POST', '/api/bookings/1/host-cancel', {});
  });

  it('makes, lists, changes and deletes the user’s own types; another user’s answer 404', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const other = await buildUserInZone(t, 'Europe/Paris');
    const type = await buildType(host, { slug: 'intro' });
    expect(type).toMatchObject({ slug: 'intro', duration: 30, bufferBefore: 0, maxPerDay: null });
    expect(type.path).toBe(`/book/${host.username}/intro`);
    const list = await ok<BookingTypeList>(t, 'GET', '/api/booking-types', host.token);
    expect(list.data.map((row) => row._id)).toEqual([type._id]);
    expect((await ok<BookingTypeList>(t, 'GET', '/api/booking-types', other.token)).count).toBe(0);

    const changed = await ok<BookingType>(t, 'PUT', `/api/booking-types/${type._id}`, host.token, {
      ...typeInput({ slug: 'intro' }),
      title: 'Longer intro',
      duration: 45,
    });
    expect(changed).toMatchObject({ title: 'Longer intro', duration: 45 });

    const before = await fingerprint(t.database);
    expectError(
      await call(t, 'PUT', `/api/booking-types/${type._id}`, other.token, typeInput()),
      404,
      'NOT_FOUND',
    );
    expectError(await call(t, 'DELETE', `/api/booking-types/${type._id}`, other.token), 404, 'NOT_FOUND');
    expect(await fingerprint(t.database)).toEqual(before);

    const deleted = await call(t, 'DELETE', `/api/booking-types/${type._id}`, host.token);
    expect(deleted.statusCode).toBe(204);
    expect(
      (await call(t, 'GET', `/api/book/${host.username}/intro?start=2027-01-04&end=2027-01-04&timeZone=UTC`))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad input with D10 errors and writes nothing', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const stranger = await buildUserInZone(t, 'Europe/Paris');
    const strangersGroup = await buildGroup(t, stranger);
    await buildType(host, { slug: 'taken' });
    const before = await fingerprint(t.database);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ slug: '-x' }, 'slug'],
      [{ slug: 'taken' }, 'slug'],
      [{ title: '' }, 'title'],
      [{ duration: 4 }, 'duration'],
      [{ duration: 30.5 }, 'duration'],
      [{ bufferBefore: -1 }, 'bufferBefore'],
      [{ minNotice: 50_000 }, 'minNotice'],
      [{ maxPerDay: 0 }, 'maxPerDay'],
      [{ rangeDays: 0 }, 'rangeDays'],
      [{ hosts: { mode: 'collective', group: null } }, 'hosts.group'],
      [{ hosts: { mode: 'alone', group: '1' } }, 'hosts.group'],
      [{ hosts: { mode: 'round-robin', group: strangersGroup._id } }, 'hosts.group'],
      [{ hosts: { mode: 'collective', group: '99999999999' } }, 'hosts.group'],
    ];
    for (const [fields, field] of bad) {
      const response = await call(t, 'POST', '/api/booking-types', host.token, typeInput(fields));
      const error = expectError(response, 400, 'VALIDATION_ERROR');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(fields)).toContain(field);
    }
    expectError(
      await call(t, 'PUT', '/api/booking-types/abc', host.token, typeInput()),
      400,
      'VALIDATION_ERROR',
    );
    expect(await fingerprint(t.database)).toEqual(before);
  });
});

describe('the public page', () => {
  it('offers the host’s working hours in the visitor’s zone, across weeks where DST differs', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const type = await buildType(host, { duration: 60, rangeDays: 365 });
    // Europe and America change on different Sundays: 8 March 2027 both standard (Paris − 6 h);
    // 15 March New York on summer time alone (− 5 h); 29 March both on summer time (− 6 h).
    const expectations: Array<[string, string, string]> = [
      ['2027-03-08', '03:00', '10:00'],
      ['2027-03-15', '04:00', '11:00'],
      ['2027-03-29', '03:00', '10:00'],
    ];
    for (const [day, first, last] of expectations) {
      const times = await timesOf(host, type, day);
      expect(times.timeZone).toBe('America/New_York');
      expect(times.data.map((entry) => entry.date)).toEqual([day]);
      const local = times.data[0]!.times.map((time) =>
        DateTime.fromISO(time, { zone: 'America/New_York' }).toFormat('HH:mm'),
      );
      // D22's default hours, 09:00–17:00 in Paris: one hour meetings every 30 minutes.
      expect(local[0], day).toBe(first);
      expect(local.at(-1), day).toBe(last);
      expect(local).toHaveLength(15);
    }
    // The host's own view of the same day, grouped by Paris dates.
    const paris = await timesOf(host, type, '2027-03-15', '2027-03-15', 'Europe/Paris');
    expect(DateTime.fromISO(paris.data[0]!.times[0]!, { zone: 'Europe/Paris' }).toFormat('HH:mm')).toBe(
      '09:00',
    );
  });

  it('leaves out busy times with their buffers, times before the notice, and full days', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const monday = mondayAhead();
    const nine = DateTime.fromISO(`${monday}T09:00`, { zone: 'Europe/Paris' });
    // Busy 11:00–12:00 Paris; buffers of 15 minutes before and 30 after a booking.
    await buildEvent(t, host, {
      start: nine.plus({ hours: 2 }).toUTC().toISO()!,
      end: nine.plus({ hours: 3 }).toUTC().toISO()!,
    });
    const type = await buildType(host, { duration: 30, bufferBefore: 15, bufferAfter: 30, maxPerDay: 2 });
    const local = (times: PublicTimes) =>
      allTimes(times).map((time) => DateTime.fromISO(time, { zone: 'Europe/Paris' }).toFormat('HH:mm'));
    const times = local(await timesOf(host, type, monday, monday, 'Europe/Paris'));
    // A start at 10:00 would end at 10:30, 30 minutes after which 11:00 is busy: allowed; 10:30 not.
    expect(times).toContain('10:00');
    expect(times).not.toContain('10:30');
    expect(times).not.toContain('11:00');
    // 12:00 is right after the event: 15 minutes are needed before a booking.
    expect(times).not.toContain('12:00');
    expect(times).toContain('12:30');

    // Two bookings fill the day (maxPerDay 2, the host's day); the next day stays open.
    await booked(host, type, nine.toUTC().toISO()!);
    const after = local(await timesOf(host, type, monday, monday, 'Europe/Paris'));
    expect(after).not.toContain('09:00');
    expect(after).not.toContain('09:30'); // its buffer after
    await booked(host, type, nine.plus({ hours: 5 }).toUTC().toISO()!);
    expect(allTimes(await timesOf(host, type, monday, monday, 'Europe/Paris'))).toEqual([]);
    const tuesday = nine.plus({ days: 1 }).toISODate()!;
    expect(allTimes(await timesOf(host, type, tuesday, tuesday, 'Europe/Paris')).length).toBeGreaterThan(0);

    // Minimum notice: a type with 30 days' notice offers nothing within the next fortnight.
    const far = await buildType(host, { minNotice: 43_200 });
    expect(allTimes(await timesOf(host, far, monday, nine.plus({ days: 4 }).toISODate()!))).toEqual([]);
  });

  it('answers 404 for an unknown user or link and 400 for a bad range, in the D10 shape', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const type = await buildType(host);
    expectError(
      await call(t, 'GET', `/api/book/nobody-here/${type.slug}?start=2027-01-04&end=2027-01-04&timeZone=UTC`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(t, 'GET', `/api/book/${host.username}/nope?start=2027-01-04&end=2027-01-04&timeZone=UTC`),
      404,
      'NOT_FOUND',
    );
    for (const query of [
      'start=2027-01-04&end=2027-03-04&timeZone=UTC',
      'start=2027-01-05&end=2027-01-04&timeZone=UTC',
      'start=2027-02-30&end=2027-03-01&timeZone=UTC',
      'start=2027-01-04&end=2027-01-04&timeZone=Mars/Olympus',
      'start=2027-01-04&end=2027-01-04',
    ]) {
      expectError(
        await call(t, 'GET', `/api/book/${host.username}/${type.slug}?${query}`),
        400,
        'VALIDATION_ERROR',
      );
    }
  });
});

describe('booking through the link', () => {
  it('books, tells the host (bell, calendar, mail with .ics) and the visitor; moves and cancels by the token', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris', 'fr');
    const type = await buildType(host, { title: 'Intro', location: 'Room 4' });
    const monday = mondayAhead();
    const [first, second] = allTimes(await timesOf(host, type, monday));
    const email = `visitor.${Date.now()}@visitor.test`;
    const token = await booked(host, type, first!, { email, language: 'pt' });

    const view = await ok<BookingView>(t, 'GET', `/api/bookings/${token}`, undefined);
    expect(view).toMatchObject({ start: first, status: 'confirmed', name: 'Dana Visitor', open: true });
    expect(view.type).toMatchObject({ title: 'Intro', username: host.username, slug: type.slug });
    expect(JSON.stringify(view)).not.toMatch(EMAIL);

    // The host's calendar holds it, the bell tells it, the list names the visitor.
    const day = first!.slice(0, 10);
    const calendar = await ok<CalendarEvents>(
      t,
      'GET',
      `/api/calender/events?start=${day}&end=${DateTime.fromISO(day).plus({ days: 1 }).toISODate()}`,
      host.token,
    );
    const event = calendar.data.find((entry) => entry.title.startsWith('Intro'));
    expect(event?.start).toBe(first);
    expect(event?.description).toContain(email);
    const bell = await notificationsOf(t, host);
    expect(bell.data[0]).toMatchObject({ kind: 'booking-new', title: 'Intro — Dana Visitor' });
    const list = await ok<HostBookingList>(t, 'GET', '/api/bookings', host.token);
    expect(list.data[0]).toMatchObject({ start: first, email, name: 'Dana Visitor' });

    await untilMailSent(t);
    const toVisitor = inbox.allTo(email);
    expect(toVisitor).toHaveLength(1);
    expect(toVisitor[0]!.text).toContain(`https://cadence.test/booking/${token}`);
    expect(toVisitor[0]!.text).not.toContain(host.email);
    const ics = icsOf(toVisitor[0]!);
    expect(ics).not.toContain(host.email);
    const component = new ICAL.Component(ICAL.parse(ics) as unknown[]);
    expect(component.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = new ICAL.Event(component.getFirstSubcomponent('vevent')!);
    expect(vevent.startDate.toJSDate().toISOString()).toBe(first);
    expect(vevent.location).toBe('Room 4');
    const toHost = inbox.allTo(host.email);
    expect(toHost.at(-1)!.subject).toContain('Intro');
    expect(toHost.at(-1)!.text).toContain(email);

    // Rescheduled: the event moves, SEQUENCE 1, both are told.
    const moved = await ok<BookingView>(t, 'POST', `/api/bookings/${token}/reschedule`, undefined, {
      start: second,
    });
    expect(moved.start).toBe(second);
    const calendarAfter = await ok<CalendarEvents>(
      t,
      'GET',
      `/api/calender/events?start=${day}&end=${DateTime.fromISO(day).plus({ days: 1 }).toISODate()}`,
      host.token,
    );
    expect(calendarAfter.data.filter((entry) => entry.title.startsWith('Intro')).map((e) => e.start)).toEqual(
      [second],
    );
    await untilMailSent(t);
    const movedMail = inbox.allTo(email).at(-1)!;
    const movedEvent = new ICAL.Event(
      new ICAL.Component(ICAL.parse(icsOf(movedMail)) as unknown[]).getFirstSubcomponent('vevent')!,
    );
    expect(movedEvent.sequence).toBe(1);
    expect(movedEvent.uid).toBe(vevent.uid);

    // The old time is free again, the new one taken.
    const offered = allTimes(await timesOf(host, type, monday));
    expect(offered).toContain(first);
    expect(offered).not.toContain(second);

    // Cancelled: gone from the calendar, CANCEL to both, the link shows it closed.
    const cancelled = await ok<BookingView>(t, 'POST', `/api/bookings/${token}/cancel`, undefined, {
      reason: 'Something came up',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', open: false, cancelReason: 'Something came up' });
    const calendarLast = await ok<CalendarEvents>(
      t,
      'GET',
      `/api/calender/events?start=${day}&end=${DateTime.fromISO(day).plus({ days: 1 }).toISODate()}`,
      host.token,
    );
    expect(calendarLast.data.filter((entry) => entry.title.startsWith('Intro'))).toEqual([]);
    await untilMailSent(t);
    const cancelMail = inbox.allTo(email).at(-1)!;
    expect(
      new ICAL.Component(ICAL.parse(icsOf(cancelMail)) as unknown[]).getFirstPropertyValue('method'),
    ).toBe('CANCEL');
    expect((await notificationsOf(t, host)).data[0]!.kind).toBe('booking-cancelled');
    const before = await fingerprint(t.database);
    expectError(
      await call(t, 'POST', `/api/bookings/${token}/cancel`, undefined, {}),
      409,
      'BOOKING_CANCELLED',
    );
    expectError(
      await call(t, 'POST', `/api/bookings/${token}/reschedule`, undefined, { start: first }),
      409,
      'BOOKING_CANCELLED',
    );
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('refuses a time not offered (400) and a time taken (409), writing nothing', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const type = await buildType(host, { minNotice: 60 * 24 });
    const monday = mondayAhead();
    const [first] = allTimes(await timesOf(host, type, monday));
    await booked(host, type, first!);
    const before = await fingerprint(t.database);
    expectError(await book(host, type, first!), 409, 'TIME_TAKEN');
    // Off the grid, within the notice, beyond the range; and bad fields.
    const offGrid = new Date(Date.parse(first!) + 7 * 60_000).toISOString();
    const soon = new Date(Math.ceil((Date.now() + 3_600_000) / 1_800_000) * 1_800_000).toISOString();
    const late = `${DateTime.utc().plus({ days: 400 }).toISODate()}T09:00:00.000Z`;
    for (const start of [offGrid, soon, late])
      expectError(await book(host, type, start), 400, 'VALIDATION_ERROR');
    for (const fields of [
      { name: '' },
      { email: 'not-an-email' },
      { timeZone: 'Nowhere/Zone' },
      { start: 'tomorrow' },
      { note: 'x'.repeat(2001) },
      { extra: 1 },
    ]) {
      expectError(await book(host, type, first!, fields), 400, 'VALIDATION_ERROR');
    }
    expectError(await call(t, 'GET', '/api/bookings/not-a-token'), 404, 'NOT_FOUND');
    expectError(await call(t, 'POST', '/api/bookings/not-a-token/cancel', undefined, {}), 404, 'NOT_FOUND');
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('refuses to move or cancel a booking once its time has come (409), writing nothing', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const type = await buildType(host);
    const [first, second] = allTimes(await timesOf(host, type, mondayAhead()));
    const token = await booked(host, type, first!);
    // The visitor comes back just after the meeting began: only the clock moves on.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(first!) + 60_000 });
    try {
      const view = await ok<BookingView>(t, 'GET', `/api/bookings/${token}`, undefined);
      expect(view).toMatchObject({ status: 'confirmed', open: false });
      const before = await fingerprint(t.database);
      expectError(await call(t, 'POST', `/api/bookings/${token}/cancel`, undefined, {}), 409, 'BOOKING_PAST');
      expectError(
        await call(t, 'POST', `/api/bookings/${token}/reschedule`, undefined, { start: second }),
        409,
        'BOOKING_PAST',
      );
      expect(await fingerprint(t.database)).toEqual(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives one of ten concurrent bookings of one time a 201 and the nine others 409', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const type = await buildType(host);
    const [first] = allTimes(await timesOf(host, type, mondayAhead(3)));
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(host, type, first!)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const list = await ok<HostBookingList>(t, 'GET', '/api/bookings', host.token);
    expect(list.data.filter((row) => row.start === first)).toHaveLength(1);
  });

  it('takes a filled honeypot for a robot: 201, and nothing written', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const type = await buildType(host);
    const [first] = allTimes(await timesOf(host, type, mondayAhead()));
    const before = await fingerprint(t.database);
    const response = await book(host, type, first!, { website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(await fingerprint(t.database)).toEqual(before);
    expectError(
      await call(t, 'GET', `/api/bookings/${response.json<{ token: string }>().token}`),
      404,
      'NOT_FOUND',
    );
  });

  it('lets a host cancel from their list; another user’s booking answers 404', async () => {
    const host = await buildUserInZone(t, 'Europe/Paris');
    const stranger = await buildUserInZone(t, 'Europe/Paris');
    const type = await buildType(host);
    const [first] = allTimes(await timesOf(host, type, mondayAhead()));
    const token = await booked(host, type, first!);
    const [row] = (await ok<HostBookingList>(t, 'GET', '/api/bookings', host.token)).data;
    expectError(
      await call(t, 'POST', `/api/bookings/${row!._id}/host-cancel`, stranger.token, {}),
      404,
      'NOT_FOUND',
    );
    expect((await ok<HostBookingList>(t, 'GET', '/api/bookings', stranger.token)).count).toBe(0);
    const cancelled = await call(t, 'POST', `/api/bookings/${row!._id}/host-cancel`, host.token, {
      reason: 'Ill',
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await ok<BookingView>(t, 'GET', `/api/bookings/${token}`, undefined)).status).toBe('cancelled');
    expect(
      (await ok<HostBookingList>(t, 'GET', '/api/bookings?when=cancelled', host.token)).data[0]!._id,
    ).toBe(row!._id);
  });
});

describe('group types', () => {
  async function team() {
    const owner = await buildUserInZone(t, 'Europe/Paris');
    const ny = await buildUserInZone(t, 'America/New_York');
    const lisbon = await buildUserInZone(t, 'Europe/Lisbon');
    await befriend(t, owner, ny);
    await befriend(t, owner, lisbon);
    const group = await buildGroup(t, owner, { members: [ny, lisbon] });
    return { owner, ny, lisbon, group };
  }

  it('collective: offers only times when everyone works and is free, and books everyone', async () => {
    const { owner, ny, lisbon, group } = await team();
    const type = await buildType(owner, { duration: 60, hosts: { mode: 'collective', group: group._id } });
    const monday = mondayAhead();
    const times = await timesOf(owner, type, monday, monday, 'UTC');
    // Paris 08:00–16:00Z (winter), New York 14:00–22:00Z, Lisbon 09:00–17:00Z: 14:00–16:00Z, one-hour slots.
    expect(allTimes(times).map((time) => time.slice(11, 16))).toEqual(['14:00', '14:30', '15:00']);
    expect(times.type.hosts.map((h) => h._id)).toEqual(
      [owner.id, ny.id, lisbon.id].sort((a, b) =>
        a === owner.id ? -1 : b === owner.id ? 1 : Number(a) - Number(b),
      ),
    );
    expect(JSON.stringify(times)).not.toMatch(EMAIL);
    await booked(owner, type, allTimes(times)[0]!);
    for (const person of [owner, ny, lisbon]) {
      const list = await ok<HostBookingList>(t, 'GET', '/api/bookings', person.token);
      expect(list.count, person.username).toBe(1);
      expect((await notificationsOf(t, person)).data.some((n) => n.kind === 'booking-new')).toBe(
        person !== undefined,
      );
    }
  });

  it('round-robin: offers a time any host has free, and books the free host with the fewest bookings', async () => {
    const { owner, ny, lisbon, group } = await team();
    const type = await buildType(owner, { duration: 60, hosts: { mode: 'round-robin', group: group._id } });
    const monday = mondayAhead();
    const times = allTimes(await timesOf(owner, type, monday, monday, 'UTC')).map((time) =>
      time.slice(11, 16),
    );
    // 08:00Z (Paris) to 21:00Z (New York), every half hour.
    expect(times[0]).toBe('08:00');
    expect(times.at(-1)).toBe('21:00');
    const at = (hhmm: string) => `${monday}T${hhmm}:00.000Z`;
    const hostOf = async (token: string) =>
      (await ok<BookingView>(t, 'GET', `/api/bookings/${token}`, undefined)).hosts.map((h) => h._id);
    // 15:00Z: all three free; fewest bookings (none each) → the lowest id.
    const ids = [owner.id, ny.id, lisbon.id]
      .map(Number)
      .sort((a, b) => a - b)
      .map(String);
    expect(await hostOf(await booked(owner, type, at('15:00')))).toEqual([ids[0]]);
    // 15:00Z again: the first is busy now; the next lowest id with none.
    expect(await hostOf(await booked(owner, type, at('15:00')))).toEqual([ids[1]]);
    // 20:00Z: only New York works.
    expect(await hostOf(await booked(owner, type, at('20:00')))).toEqual([ny.id]);
    expect(
      JSON.stringify(
        await ok(
          t,
          'GET',
          `/api/book/${owner.username}/${type.slug}?start=${monday}&end=${monday}&timeZone=UTC`,
          undefined,
        ),
      ),
    ).not.toMatch(EMAIL);
  });
});

describe('privacy', () => {
  it('shows no e-mail address in any public answer, for one host or a group, success or error', async () => {
    const owner = await buildUserInZone(t, 'Europe/Paris');
    const friend = await buildUserInZone(t, 'America/New_York');
    await befriend(t, owner, friend);
    const group = await buildGroup(t, owner, { members: [friend] });
    const alone = await buildType(owner);
    const team = await buildType(owner, { hosts: { mode: 'round-robin', group: group._id } });
    const monday = mondayAhead();
    const answers: string[] = [];
    const publicCall = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const response = await call(t, method, url, undefined, body);
      answers.push(`${method} ${url} → ${response.statusCode} ${response.body}`);
      return response;
    };
    for (const type of [alone, team]) {
      const base = `/api/book/${owner.username}/${type.slug}`;
      const times = (
        await publicCall('GET', `${base}?start=${monday}&end=${monday}&timeZone=UTC`)
      ).json<PublicTimes>();
      const [first, second] = allTimes(times);
      const made = await publicCall('POST', base, visitor({ start: first }));
      const { token } = made.json<{ token: string }>();
      await publicCall('POST', base, visitor({ start: first })); // 409
      await publicCall('POST', base, visitor({ start: first, email: 'nope' })); // 400
      await publicCall('GET', `/api/bookings/${token}`);
      await publicCall('POST', `/api/bookings/${token}/reschedule`, { start: second });
      await publicCall('POST', `/api/bookings/${token}/reschedule`, { start: 'soon' });
      await publicCall('POST', `/api/bookings/${token}/cancel`, { reason: 'Done' });
      await publicCall('POST', `/api/bookings/${token}/cancel`, {});
      await publicCall('GET', `${base}?start=${monday}&end=${monday}&timeZone=Nowhere`);
    }
    await publicCall('GET', `/api/book/${owner.username}/nothing?start=${monday}&end=${monday}&timeZone=UTC`);
    await publicCall('GET', '/api/bookings/unknown-token');
    expect(answers).toHaveLength(22);
    // The visitor's own address is sent by them; no answer shows it back, nor a host's.
    for (const answer of answers) expect(answer, answer).not.toMatch(EMAIL);
    expect(answers.join('\n')).not.toContain(owner.email);
    expect(answers.join('\n')).not.toContain(friend.email);
  });
});

describe('limits', () => {
  it('limits the public calls per address, separately from sign-in', async () => {
    const limited = await createTestApp({ BOOKING_RATE_LIMIT_PER_MINUTE: '6' });
    try {
      const host = await (async () => {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/jwt/register',
          payload: {
            username: `rate${Date.now()}`,
            fullName: 'Rate Host',
            email: `rate${Date.now()}@host.test`,
            password: 'a-good-long-password-1',
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ accessToken: string; userData: { username: string } }>();
      })();
      const created = await limited.app.inject({
        method: 'POST',
        url: '/api/booking-types',
        headers: { authorization: `Bearer ${host.accessToken}` },
        payload: typeInput({ slug: 'rate' }),
      });
      expect(created.statusCode).toBe(201);
      const url = `/api/book/${host.userData.username}/rate?start=2027-01-04&end=2027-01-04&timeZone=UTC`;
      const codes: number[] = [];
      for (let i = 0; i < 8; i += 1)
        codes.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(codes.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(codes.slice(6)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
