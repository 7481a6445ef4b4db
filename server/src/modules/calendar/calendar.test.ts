/** Calendar events (D21, D31) through HTTP: ranges, all-day, repetition across DST, guests, privacy. */
import {
  type CalendarEvent,
  type CalendarEvents,
  type CalendarOccurrence,
  messages,
} from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  befriend,
  buildEvent,
  buildFriends,
  buildGroup,
  buildUser,
  buildUserInZone,
  call,
  expectError,
  expectSignInRequired,
  ok,
  type TestUser,
} from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';

const t = useTestApp();

async function range(user: TestUser, start: string, end: string): Promise<CalendarOccurrence[]> {
  const query = new URLSearchParams({ start, end }).toString();
  return (await ok<CalendarEvents>(t, 'GET', `/api/calender/events?${query}`, user.token)).data;
}

/** The local wall-clock time of an instant in a zone, as HH:MM. */
const localTime = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );

describe('without a token', () => {
  it.each([
    ['GET', '/api/calender/events?start=2026-12-01&end=2026-12-31', undefined],
    ['GET', '/api/calender/events/1', undefined],
    ['POST', '/api/calender/add-event/', { title: 'x', start: '2026-12-01', end: '2026-12-01' }],
    ['POST', '/api/calender/add-event/', { title: '' }],
    ['PUT', '/api/calender/modify-event/1', { title: 'x' }],
    ['DELETE', '/api/calender/1', undefined],
  ] as const)('%s %s answers 401 and changes nothing', async (method, url, payload) => {
    await expectSignInRequired(t, method, url, payload);
  });
});

describe('POST /api/calender/add-event/', () => {
  it('adds an event with defaults and answers it in the D31 shape', async () => {
    const user = await buildUser(t);
    const event = await buildEvent(t, user, {
      title: '  Plan the week ',
      start: '2026-12-01T10:00:00+01:00',
    });
    expect(event).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      user: user.id,
      kind: 'event',
      title: 'Plan the week',
      start: '2026-12-01T09:00:00.000Z',
      end: '2026-12-01T09:30:00.000Z',
      allDay: false,
      url: '',
      location: '',
      description: '',
      category: 'Personal',
      guests: [],
      reminder: null,
      recurrence: null,
      timeZone: 'UTC',
      occurrence: '2026-12-01T09:00:00.000Z',
      exception: false,
      seriesStart: '2026-12-01T09:00:00.000Z',
      seriesEnd: '2026-12-01T09:30:00.000Z',
      editable: true,
      owner: expect.objectContaining({ _id: user.id, username: user.username }),
      guestUsers: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await ok(t, 'GET', `/api/calender/events/${event._id}`, user.token)).toEqual(event);
  });

  it('keeps every field it is given', async () => {
    const user = await buildUser(t);
    const event = await buildEvent(t, user, {
      url: 'https://meet.example.com/abc',
      location: 'Room 4',
      description: 'Bring the numbers.',
      category: 'Business',
      reminder: 15,
      recurrence: 'RRULE:freq=weekly;byday=tu',
    });
    expect(event).toMatchObject({
      url: 'https://meet.example.com/abc',
      location: 'Room 4',
      description: 'Bring the numbers.',
      category: 'Business',
      reminder: 15,
      recurrence: 'FREQ=WEEKLY;BYDAY=TU',
    });
  });

  it.each([
    [{ end: '2026-12-01T08:59:00.000Z' }, 'end', 'calendar.endBeforeStart'],
    [{ start: 'tomorrow' }, 'start', 'calendar.startInvalid'],
    [{ end: '2026-02-30T10:00:00Z' }, 'end', 'calendar.endInvalid'],
    [{ title: ' ' }, 'title', 'calendar.titleRequired'],
    [{ category: 'Work' }, 'category', 'calendar.categoryInvalid'],
    [{ url: 'javascript:alert(1)' }, 'url', 'calendar.urlInvalid'],
    [{ reminder: -5 }, 'reminder', 'calendar.reminderInvalid'],
    [{ reminder: 1.5 }, 'reminder', 'calendar.reminderInvalid'],
    [{ recurrence: 'FREQ=SECONDLY' }, 'recurrence', 'calendar.recurrenceInvalid'],
    [{ recurrence: 'FREQ=WEEKLY;BYDAY=XX' }, 'recurrence', 'calendar.recurrenceInvalid'],
    [{ recurrence: 'every monday' }, 'recurrence', 'calendar.recurrenceInvalid'],
    [{ recurrence: 'FREQ=DAILY;COUNT=3;UNTIL=20270101' }, 'recurrence', 'calendar.recurrenceInvalid'],
    [{ recurrence: 'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2' }, 'recurrence', 'calendar.recurrenceInvalid'],
    [{ recurrence: 'FREQ=DAILY;UNTIL=20261101' }, 'recurrence', 'calendar.recurrenceInvalid'],
  ] as const)('refuses %j with 400 on fields.%s and adds nothing', async (body, field, key) => {
    const user = await buildUser(t);
    const before = await fingerprint(t.database);
    const response = await call(t, 'POST', '/api/calender/add-event/', user.token, {
      title: 'Stand-up',
      start: '2026-12-01T09:00:00.000Z',
      end: '2026-12-01T09:30:00.000Z',
      ...body,
    });
    const error = expectError(response, 400, 'VALIDATION_ERROR');
    expect(error.fields?.[field]).toBe(messages[key]);
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('takes friends and a group’s members as guests, and refuses anyone else on fields.guests', async () => {
    const [owner, friend] = await buildFriends(t);
    const other = await buildUser(t);
    await befriend(t, owner, other);
    const group = await buildGroup(t, owner, { members: [other] });
    const event = await buildEvent(t, owner, { guests: [friend.id], groups: [group._id] });
    expect(event.guests).toEqual([friend.id, other.id].sort((a, b) => Number(a) - Number(b)));
    expect(event.guestUsers.map((guest) => guest._id)).toEqual(event.guests);

    const stranger = await buildUser(t);
    const strangersGroup = await buildGroup(t, stranger);
    const before = await fingerprint(t.database);
    const refused = await call(t, 'POST', '/api/calender/add-event/', owner.token, {
      title: 'x',
      start: '2026-12-01',
      end: '2026-12-01',
      allDay: true,
      guests: [stranger.id],
    });
    expect(expectError(refused, 400, 'VALIDATION_ERROR').fields?.guests).toBe(
      messages['calendar.guestNotFriend'],
    );
    const badGroup = await call(t, 'POST', '/api/calender/add-event/', owner.token, {
      title: 'x',
      start: '2026-12-01',
      end: '2026-12-01',
      allDay: true,
      groups: [strangersGroup._id],
    });
    expect(expectError(badGroup, 400, 'VALIDATION_ERROR').fields?.groups).toBe(
      messages['calendar.groupUnknown'],
    );
    expect(await fingerprint(t.database)).toEqual(before);
  });
});

describe('GET /api/calender/events', () => {
  it('answers the events overlapping [start, end): one ending exactly at the start is out, one starting at the end is out', async () => {
    const user = await buildUser(t);
    await buildEvent(t, user, {
      title: 'ends at start',
      start: '2026-12-01T08:00:00Z',
      end: '2026-12-01T09:00:00Z',
    });
    await buildEvent(t, user, {
      title: 'overlaps start',
      start: '2026-12-01T08:30:00Z',
      end: '2026-12-01T09:30:00Z',
    });
    await buildEvent(t, user, {
      title: 'inside',
      start: '2026-12-01T10:00:00Z',
      end: '2026-12-01T11:00:00Z',
    });
    await buildEvent(t, user, {
      title: 'overlaps end',
      start: '2026-12-01T11:30:00Z',
      end: '2026-12-01T12:30:00Z',
    });
    await buildEvent(t, user, {
      title: 'starts at end',
      start: '2026-12-01T12:00:00Z',
      end: '2026-12-01T13:00:00Z',
    });
    await buildEvent(t, user, {
      title: 'instant at start',
      start: '2026-12-01T09:00:00Z',
      end: '2026-12-01T09:00:00Z',
    });
    await buildEvent(t, user, {
      title: 'spans it',
      start: '2026-11-20T00:00:00Z',
      end: '2026-12-20T00:00:00Z',
    });
    const titles = (await range(user, '2026-12-01T09:00:00.000Z', '2026-12-01T12:00:00.000Z')).map(
      (e) => e.title,
    );
    expect(titles).toEqual(['spans it', 'overlaps start', 'instant at start', 'inside', 'overlaps end']);
  });

  it('reads a range given as days in the user’s time zone, and refuses a missing, reversed or too long range', async () => {
    const user = await buildUserInZone(t, 'America/New_York');
    // 23:30 on 30 November in New York is 04:30Z on 1 December.
    await buildEvent(t, user, { title: 'late', start: '2026-12-01T04:30:00Z', end: '2026-12-01T04:45:00Z' });
    expect((await range(user, '2026-11-30', '2026-12-01')).map((e) => e.title)).toEqual(['late']);
    expect(await range(user, '2026-12-01', '2026-12-02')).toEqual([]);

    for (const query of [
      '',
      '?start=2026-12-01',
      '?start=2026-12-01&end=2026-11-01',
      '?start=2026-01-01&end=2027-02-06',
      '?start=yesterday&end=2026-12-01',
    ]) {
      const response = await call(t, 'GET', `/api/calender/events${query}`, user.token);
      expectError(response, 400, 'VALIDATION_ERROR');
    }
    expect(await range(user, '2026-01-01', '2027-02-05')).toHaveLength(1);
  });

  it('places an all-day event on its days in each reader’s time zone', async () => {
    const [owner, guest] = await buildFriends(t);
    await ok(t, 'PUT', '/api/account', owner.token, { timeZone: 'Pacific/Auckland' });
    await ok(t, 'PUT', '/api/account', guest.token, { timeZone: 'America/Los_Angeles' });
    const event = await buildEvent(t, owner, {
      title: 'Holiday',
      allDay: true,
      start: '2026-12-24',
      end: '2026-12-26',
      category: 'Holiday',
      guests: [guest.id],
    });
    expect(event).toMatchObject({
      start: '2026-12-24T00:00:00.000Z',
      end: '2026-12-26T00:00:00.000Z',
      allDay: true,
    });
    for (const user of [owner, guest]) {
      expect((await range(user, '2026-12-24', '2026-12-25')).map((e) => e.title)).toEqual(['Holiday']);
      expect((await range(user, '2026-12-25', '2026-12-26')).map((e) => e.title)).toEqual(['Holiday']);
      expect(await range(user, '2026-12-23', '2026-12-24')).toEqual([]);
      expect(await range(user, '2026-12-26', '2026-12-27')).toEqual([]);
    }
    // A single all-day day: the same start and end mean that day.
    const day = await buildEvent(t, owner, {
      title: 'Day',
      allDay: true,
      start: '2027-01-05',
      end: '2027-01-05',
    });
    expect(day.end).toBe('2027-01-06T00:00:00.000Z');
  });

  it('keeps a weekly 09:00 at 09:00 local across the DST change, for a reader in another zone too', async () => {
    const [owner, guest] = await buildFriends(t);
    await ok(t, 'PUT', '/api/account', owner.token, { timeZone: 'Europe/Paris' });
    await ok(t, 'PUT', '/api/account', guest.token, { timeZone: 'Asia/Tokyo' });
    // Mondays at 09:00 in Paris from 12 October 2026; summer time ends on 25 October.
    const event = await buildEvent(t, owner, {
      title: 'Weekly review',
      start: '2026-10-12T09:00:00+02:00',
      end: '2026-10-12T10:00:00+02:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      guests: [guest.id],
    });
    expect(event.timeZone).toBe('Europe/Paris');
    for (const user of [owner, guest]) {
      const seen = await range(user, '2026-10-10T00:00:00Z', '2026-11-10T00:00:00Z');
      expect(seen.map((e) => e.start)).toEqual([
        '2026-10-12T07:00:00.000Z',
        '2026-10-19T07:00:00.000Z',
        '2026-10-26T08:00:00.000Z',
        '2026-11-02T08:00:00.000Z',
        '2026-11-09T08:00:00.000Z',
      ]);
      expect(new Set(seen.map((e) => localTime(e.start, 'Europe/Paris')))).toEqual(new Set(['09:00']));
      expect(new Set(seen.map((e) => Date.parse(e.end) - Date.parse(e.start)))).toEqual(new Set([3_600_000]));
      expect(new Set(seen.map((e) => e._id))).toEqual(new Set([event._id]));
      expect(seen.every((e) => e.seriesStart === '2026-10-12T07:00:00.000Z')).toBe(true);
    }
    // And in spring, New York: 09:00 before and after 14 March 2027.
    const ny = await buildUserInZone(t, 'America/New_York');
    await buildEvent(t, ny, {
      title: 'Daily',
      start: '2027-03-12T09:00:00-05:00',
      end: '2027-03-12T09:15:00-05:00',
      recurrence: 'FREQ=DAILY;COUNT=5',
    });
    const days = await range(ny, '2027-03-01', '2027-03-31');
    expect(days.map((e) => e.start)).toEqual([
      '2027-03-12T14:00:00.000Z',
      '2027-03-13T14:00:00.000Z',
      '2027-03-14T13:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
      '2027-03-16T13:00:00.000Z',
    ]);
  });

  it('ends a rule at its COUNT or UNTIL, and shows an occurrence that began before the range', async () => {
    const user = await buildUser(t);
    await buildEvent(t, user, {
      title: 'Counted',
      start: '2026-12-01T09:00:00Z',
      end: '2026-12-01T10:00:00Z',
      recurrence: 'FREQ=DAILY;COUNT=3',
    });
    await buildEvent(t, user, {
      title: 'Until',
      start: '2026-12-01T12:00:00Z',
      end: '2026-12-01T13:00:00Z',
      recurrence: 'FREQ=DAILY;INTERVAL=2;UNTIL=20261205',
    });
    await buildEvent(t, user, {
      title: 'Overnight',
      start: '2026-12-01T22:00:00Z',
      end: '2026-12-02T06:00:00Z',
      recurrence: 'FREQ=WEEKLY',
    });
    const seen = await range(user, '2026-11-01', '2027-01-01');
    expect(seen.filter((e) => e.title === 'Counted').map((e) => e.start.slice(0, 10))).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    expect(seen.filter((e) => e.title === 'Until').map((e) => e.start.slice(0, 10))).toEqual([
      '2026-12-01',
      '2026-12-03',
      '2026-12-05',
    ]);
    expect(seen.filter((e) => e.title === 'Overnight')).toHaveLength(5);
    const morning = await range(user, '2026-12-09T05:00:00Z', '2026-12-09T07:00:00Z');
    expect(morning.map((e) => [e.title, e.start])).toEqual([['Overnight', '2026-12-08T22:00:00.000Z']]);
  });

  it('answers 304 to the current version, and a new tag after a change', async () => {
    const user = await buildUser(t);
    await buildEvent(t, user, {});
    const url = '/api/calender/events?start=2026-12-01&end=2026-12-02';
    const first = await call(t, 'GET', url, user.token);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\//);
    expect((await call(t, 'GET', url, user.token, undefined, { 'if-none-match': tag })).statusCode).toBe(304);
    await buildEvent(t, user, { title: 'Another' });
    const after = await call(t, 'GET', url, user.token, undefined, { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.json<CalendarEvents>().data).toHaveLength(2);
  });
});

describe('guests and strangers', () => {
  it('lets a guest read the event, refuses their change and delete with 403, and hides it from strangers with 404', async () => {
    const [owner, guest] = await buildFriends(t);
    const stranger = await buildUser(t);
    const event = await buildEvent(t, owner, { title: 'Team lunch', guests: [guest.id] });

    const seen = await range(guest, '2026-12-01', '2026-12-02');
    expect(seen.map((e) => [e.title, e.editable])).toEqual([['Team lunch', false]]);
    expect(
      (await ok<CalendarEvent>(t, 'GET', `/api/calender/events/${event._id}`, guest.token)).editable,
    ).toBe(false);
    expect(await range(stranger, '2026-12-01', '2026-12-02')).toEqual([]);

    const before = await fingerprint(t.database);
    const change = await call(t, 'PUT', `/api/calender/modify-event/${event._id}`, guest.token, {
      title: 'Mine',
    });
    expect(expectError(change, 403, 'FORBIDDEN').message).toBe(messages['calendar.guestReadOnly']);
    expectError(await call(t, 'DELETE', `/api/calender/${event._id}`, guest.token), 403, 'FORBIDDEN');
    for (const [method, url, body] of [
      ['GET', `/api/calender/events/${event._id}`, undefined],
      ['PUT', `/api/calender/modify-event/${event._id}`, { title: 'Mine' }],
      ['PUT', `/api/calender/modify-event/${event._id}`, { end: '2020-01-01T00:00:00Z' }],
      ['DELETE', `/api/calender/${event._id}`, undefined],
      ['GET', '/api/calender/events/999999999', undefined],
      ['DELETE', '/api/calender/999999999', undefined],
    ] as const) {
      expectError(await call(t, method, url, stranger.token, body), 404, 'NOT_FOUND');
    }
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('moves the event off a removed guest’s calendar and onto a new one’s', async () => {
    const [owner, first] = await buildFriends(t);
    const second = await buildUser(t);
    await befriend(t, owner, second);
    const event = await buildEvent(t, owner, { guests: [first.id] });
    await ok(t, 'PUT', `/api/calender/modify-event/${event._id}`, owner.token, { guests: [second.id] });
    expect(await range(first, '2026-12-01', '2026-12-02')).toEqual([]);
    expect((await range(second, '2026-12-01', '2026-12-02')).map((e) => e._id)).toEqual([event._id]);
    expectError(await call(t, 'GET', `/api/calender/events/${event._id}`, first.token), 404, 'NOT_FOUND');
  });
});

describe('PUT /api/calender/modify-event/{id} and DELETE /api/calender/{id}', () => {
  it('moves an event, turns it into a repeating all-day one, and deletes it from every calendar', async () => {
    const [owner, guest] = await buildFriends(t);
    const event = await buildEvent(t, owner, { guests: [guest.id] });
    const moved = await ok<CalendarEvent>(t, 'PUT', `/api/calender/modify-event/${event._id}`, owner.token, {
      start: '2026-12-03T09:00:00Z',
      end: '2026-12-03T10:00:00Z',
    });
    expect([moved.start, moved.end, moved.title]).toEqual([
      '2026-12-03T09:00:00.000Z',
      '2026-12-03T10:00:00.000Z',
      'Stand-up',
    ]);
    expect(await range(owner, '2026-12-01', '2026-12-02')).toEqual([]);
    expect((await range(guest, '2026-12-03', '2026-12-04')).map((e) => e.start)).toEqual([moved.start]);

    const allDay = await ok<CalendarEvent>(t, 'PUT', `/api/calender/modify-event/${event._id}`, owner.token, {
      allDay: true,
      recurrence: 'FREQ=YEARLY',
    });
    expect([allDay.start, allDay.end, allDay.allDay]).toEqual([
      '2026-12-03T00:00:00.000Z',
      '2026-12-04T00:00:00.000Z',
      true,
    ]);
    expect((await range(owner, '2027-12-01', '2027-12-31')).map((e) => e.start)).toEqual([
      '2027-12-03T00:00:00.000Z',
    ]);

    const before = await fingerprint(t.database);
    for (const body of [
      {},
      { end: '2026-12-01' },
      { recurrence: 'FREQ=SECONDLY' },
      { guests: ['999999999'] },
    ]) {
      expectError(
        await call(t, 'PUT', `/api/calender/modify-event/${event._id}`, owner.token, body),
        400,
        'VALIDATION_ERROR',
      );
    }
    expect(await fingerprint(t.database)).toEqual(before);

    const removed = await call(t, 'DELETE', `/api/calender/${event._id}`, owner.token);
    expect(removed.statusCode).toBe(204);
    expect(await range(owner, '2026-01-01', '2027-01-01')).toEqual([]);
    expect(await range(guest, '2026-01-01', '2027-01-01')).toEqual([]);
    expectError(await call(t, 'GET', `/api/calender/events/${event._id}`, owner.token), 404, 'NOT_FOUND');
  });
});
