/**
 * Meetings and invitations (D24, D34) through HTTP, on the engine the run selects: who may read,
 * change and answer; the chosen time checked against everyone's hours and calendars (409), also
 * when two organisers race for one person; accepted meetings on the calendars, in the busy times
 * and in the feed; the invitation e-mail through a real SMTP server with its iCalendar REQUEST.
 */
import {
  type AvailableTimes,
  type CalendarEvents,
  type InvitationList,
  type Meeting,
  type MeetingList,
  messages,
  type NotificationList,
} from '@cadence/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerInvitation,
  befriend,
  buildEvent,
  buildGroup,
  buildMeeting,
  buildMeetingTeam,
  buildUser,
  buildUserInZone,
  call,
  expectError,
  expectSignInRequired,
  meetingInput,
  ok,
  type TestUser,
  untilMailSent,
} from '../../test/factories';
import { createTestApp, fingerprint, type TestApp } from '../../test/harness';
import { startInbox, type TestInbox } from '../../test/smtp';

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

// Monday 11 January 2027: Paris works 08:00–16:00Z, New York 14:00–22:00Z; both 14:00–16:00Z.
const T = '2027-01-11T14:00:00.000Z';
const base = meetingInput();

/** The database's state once the e-mails in flight are sent. */
async function settledFingerprint() {
  await untilMailSent(t);
  return fingerprint(t.database);
}

const calendarOf = (user: TestUser) =>
  ok<CalendarEvents>(t, 'GET', '/api/calender/events?start=2027-01-10&end=2027-01-17', user.token);
const timesFor = (user: TestUser, body: Record<string, unknown>) =>
  ok<AvailableTimes>(t, 'POST', '/api/meetings/available-times', user.token, {
    duration: 60,
    startDate: '2027-01-11',
    endDate: '2027-01-11',
    ...body,
  });

describe('without a token', () => {
  it('answers 401 to every call and changes nothing', async () => {
    await expectSignInRequired(t, 'GET', '/api/meetings');
    await expectSignInRequired(t, 'POST', '/api/meetings', base);
    await expectSignInRequired(t, 'GET', '/api/meetings/invitations');
    await expectSignInRequired(t, 'GET', '/api/meetings/1');
    await expectSignInRequired(t, 'PUT', '/api/meetings/1', { name: 'x' });
    await expectSignInRequired(t, 'DELETE', '/api/meetings/1');
    await expectSignInRequired(t, 'PUT', '/api/meetings/1/invitation', { status: 'accepted' });
  });
});

describe('POST /api/meetings', () => {
  it('creates the meeting with its invitations pending, the organiser’s calendar holding it', async () => {
    const { a, b, c } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, {
      invitees: [b.id, c.id],
      time: '2027-01-11T15:00:00+01:00',
      link: 'https://meet.example/q',
    });
    expect(meeting).toMatchObject({
      user: a.id,
      name: 'Quarterly review',
      duration: 60,
      startDate: '2027-01-11',
      endDate: '2027-01-15',
      link: 'https://meet.example/q',
      time: T,
      end: '2027-01-11T15:00:00.000Z',
      step: 15,
      timeZone: 'Europe/Paris',
      state: 'active',
      completed: false,
      isOrganiser: true,
      myStatus: null,
    });
    expect(meeting.invitations.map((i) => [i.user, i.status, i.answeredAt])).toEqual([
      [b.id, 'pending', null],
      [c.id, 'pending', null],
    ]);
    expect(meeting.invitations[0]!.person.username).toBe(b.username);
    // On the organiser's calendar, at its instant; not yet on the invitees'.
    const mine = (await calendarOf(a)).data.filter((entry) => entry.kind === 'meeting');
    expect(mine.map((entry) => [entry._id, entry.title, entry.start, entry.end, entry.editable])).toEqual([
      [meeting._id, 'Quarterly review', T, '2027-01-11T15:00:00.000Z', false],
    ]);
    expect((await calendarOf(b)).data).toEqual([]);
    // The invitee reads it, and finds it among their invitations and meetings.
    const seen = await ok<Meeting>(t, 'GET', `/api/meetings/${meeting._id}`, b.token);
    expect(seen).toMatchObject({ isOrganiser: false, myStatus: 'pending', name: 'Quarterly review' });
    const invitations = await ok<InvitationList>(
      t,
      'GET',
      '/api/meetings/invitations?status=pending',
      b.token,
    );
    expect(invitations.pending).toBe(1);
    expect(invitations.data.map((i) => [i.status, i.meeting._id])).toEqual([['pending', meeting._id]]);
    const list = await ok<MeetingList>(t, 'GET', '/api/meetings?state=active', b.token);
    expect(list.data.map((m) => m._id)).toEqual([meeting._id]);
    // A notification for each invitee.
    const bell = await ok<NotificationList>(t, 'GET', '/api/notifications', b.token);
    expect(bell.data.map((n) => [n.kind, n.sourceId, n.title, n.at])).toEqual([
      ['meeting', meeting._id, 'Quarterly review', T],
    ]);
  });

  it('e-mails each invitee in their language, with an iCalendar REQUEST that a client can read', async () => {
    const { a, b, c } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, {
      name: 'Planning ICS',
      invitees: [b.id, c.id],
      time: T,
      description: 'Agenda',
    });
    const mail = await inbox.mailTo(b.email);
    expect(mail.subject).toContain('Invitation: Planning ICS');
    expect(mail.text).toContain(`https://cadence.test/apps/meetings/preview?id=${meeting._id}`);
    // New York's wall time, in English.
    expect(mail.subject).toMatch(/9:00\sAM/);
    const ics = mail.attachments.find(
      (file) => file.contentType.startsWith('text/calendar') || file.filename.endsWith('.ics'),
    );
    expect(
      ics,
      JSON.stringify(mail.attachments.map((file) => [file.filename, file.contentType])),
    ).toBeDefined();
    const calendar = new ICAL.Component(ICAL.parse(ics!.content) as unknown[]);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Planning ICS');
    expect(event.description).toBe('Agenda');
    expect(event.startDate.toJSDate().toISOString()).toBe(T);
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-01-11T15:00:00.000Z');
    expect(event.organizer).toBe(`mailto:${a.email}`);
    const attendees = event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase());
    expect(attendees.sort()).toEqual([`mailto:${b.email}`, `mailto:${c.email}`].sort());
    expect(event.uid).toMatch(/@cadence$/);
    // Portuguese for C.
    expect((await inbox.mailTo(c.email)).subject).toContain('Convite: Planning ICS');
  });

  it('takes a group for its members, and refuses someone who is not a friend with nothing created', async () => {
    const { a, b, c } = await buildMeetingTeam(t);
    const group = await buildGroup(t, a, { name: 'Crew', members: [b, c] });
    const meeting = await buildMeeting(t, a, { groups: [group._id] });
    expect(meeting.invitations.map((i) => i.user).sort()).toEqual([b.id, c.id].sort());
    const stranger = await buildUser(t);
    const otherGroup = await buildGroup(t, b, { name: 'B’s', members: [] });
    const before = await settledFingerprint();
    const refused = await call(t, 'POST', '/api/meetings', a.token, { ...base, invitees: [stranger.id] });
    expect(expectError(refused, 400, 'VALIDATION_ERROR').fields).toEqual({
      invitees: messages['meetings.inviteeNotFriend'],
    });
    const foreign = await call(t, 'POST', '/api/meetings', a.token, { ...base, groups: [otherGroup._id] });
    expect(expectError(foreign, 400, 'VALIDATION_ERROR').fields).toEqual({
      groups: messages['meetings.groupUnknown'],
    });
    expect(await settledFingerprint()).toEqual(before);
  });

  it('answers 409 for a time that is not free, and 400 for one outside its days, creating nothing', async () => {
    const { a, b } = await buildMeetingTeam(t);
    await buildEvent(t, b, { title: 'Dentist', start: T, end: '2027-01-11T14:30:00Z' });
    const before = await settledFingerprint();
    const taken = await call(t, 'POST', '/api/meetings', a.token, { ...base, invitees: [b.id], time: T });
    expect(expectError(taken, 409, 'TIME_TAKEN').message).toBe('That time is no longer available.');
    // 08:00 in New York is outside B's working hours.
    const early = await call(t, 'POST', '/api/meetings', a.token, {
      ...base,
      invitees: [b.id],
      time: '2027-01-11T13:00:00Z',
    });
    expectError(early, 409, 'TIME_TAKEN');
    const outside = await call(t, 'POST', '/api/meetings', a.token, {
      ...base,
      time: '2027-01-18T10:00:00Z',
    });
    expect(expectError(outside, 400, 'VALIDATION_ERROR').fields).toEqual({
      time: messages['meetings.timeOutsideRange'],
    });
    expect(await settledFingerprint()).toEqual(before);
  });

  it('keeps a person’s time for one meeting only, also when several are set at once', async () => {
    const { a, b } = await buildMeetingTeam(t);
    const d = await buildUserInZone(t, 'Europe/Paris');
    await befriend(t, d, b);
    const at = { duration: 30, time: '2027-01-12T14:00:00Z' };
    const race = await Promise.all([
      call(t, 'POST', '/api/meetings', a.token, { ...base, ...at, name: 'A’s', invitees: [b.id] }),
      call(t, 'POST', '/api/meetings', d.token, { ...base, ...at, name: 'D’s', invitees: [b.id] }),
    ]);
    // The organisers are free and B's pending invitations do not make B busy: both are set…
    expect(race.map((response) => response.statusCode)).toEqual([201, 201]);
    // …but once B accepts one, the other may not take B's time.
    const [first, second] = race.map((response) => response.json<Meeting>());
    await answerInvitation(t, b, first!._id, 'accepted');
    const url = `/api/meetings/${second!._id}`;
    expectError(await call(t, 'PUT', url, d.token, { time: '2027-01-12T14:15:00Z' }), 409, 'TIME_TAKEN');
    expect((await ok<Meeting>(t, 'PUT', url, d.token, { time: '2027-01-12T14:30:00Z' })).time).toBe(
      '2027-01-12T14:30:00.000Z',
    );
    // Eight of A's meetings set to one time at once: the organiser's own meetings are busy for
    // them, so exactly one may have it (the check and the write share a transaction and a lock).
    const meetings = await Promise.all(
      Array.from({ length: 8 }, (_, index) => buildMeeting(t, a, { name: `Race ${index}`, duration: 30 })),
    );
    const settings = await Promise.all(
      meetings.map((meeting) =>
        call(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { time: '2027-01-13T10:00:00Z' }),
      ),
    );
    expect(settings.map((response) => response.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect((await calendarOf(a)).data.filter((entry) => entry.title.startsWith('Race'))).toHaveLength(1);
  });
});

describe('answering', () => {
  it('puts an accepted meeting on the invitee’s calendar at the same instant, and refusing takes it off', async () => {
    const { a, b } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { invitees: [b.id], time: T });
    expect((await calendarOf(a)).data.map((entry) => entry.guests)).toEqual([[]]);
    const accepted = await answerInvitation(t, b, meeting._id, 'accepted');
    // The organiser's calendar (read through its cache) lists who accepted.
    expect((await calendarOf(a)).data.map((entry) => entry.guests)).toEqual([[b.id]]);
    expect(accepted.myStatus).toBe('accepted');
    expect(accepted.invitations[0]!.answeredAt).not.toBeNull();
    const onB = (await calendarOf(b)).data;
    expect(onB.map((entry) => [entry.kind, entry._id, entry.start, entry.end, entry.guests])).toEqual([
      ['meeting', meeting._id, T, '2027-01-11T15:00:00.000Z', [b.id]],
    ]);
    // Busy for both now: the searches of either no longer offer 14:00Z for an hour.
    expect((await timesFor(b, {})).data.flatMap((day) => day.times)).not.toContain(T);
    expect((await timesFor(a, {})).data.flatMap((day) => day.times)).not.toContain(T);
    // …except when re-planning that very meeting.
    expect((await timesFor(a, { invitees: [b.id], meetingId: meeting._id })).data[0]!.times).toContain(T);
    await answerInvitation(t, b, meeting._id, 'refused');
    expect((await calendarOf(b)).data).toEqual([]);
    const pending = await ok<InvitationList>(t, 'GET', '/api/meetings/invitations?status=refused', b.token);
    expect(pending.data.map((i) => i.meeting._id)).toEqual([meeting._id]);
  });

  it('is closed when the meeting is archived or completed (409), and open again on restore', async () => {
    const { a, b } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { invitees: [b.id], time: T });
    await answerInvitation(t, b, meeting._id, 'accepted');
    const archived = await ok<Meeting>(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, {
      state: 'archived',
    });
    expect(archived.state).toBe('archived');
    // Archived meetings leave the calendars.
    expect((await calendarOf(a)).data).toEqual([]);
    expect((await calendarOf(b)).data).toEqual([]);
    const before = await settledFingerprint();
    const closed = await call(t, 'PUT', `/api/meetings/${meeting._id}/invitation`, b.token, {
      status: 'refused',
    });
    expect(expectError(closed, 409, 'MEETING_CLOSED').message).toBe(messages['meetings.answerClosed']);
    expect(await settledFingerprint()).toEqual(before);
    expect(
      (await ok<MeetingList>(t, 'GET', '/api/meetings?state=archived', b.token)).data.map((m) => m._id),
    ).toEqual([meeting._id]);
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { state: 'active', completed: true });
    expect((await calendarOf(b)).data.map((entry) => entry._id)).toEqual([meeting._id]);
    expectError(
      await call(t, 'PUT', `/api/meetings/${meeting._id}/invitation`, b.token, { status: 'refused' }),
      409,
      'MEETING_CLOSED',
    );
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { completed: false });
    expect((await answerInvitation(t, b, meeting._id, 'refused')).myStatus).toBe('refused');
  });

  it('answers 403 to the organiser, who is not invited', async () => {
    const { a, b } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { invitees: [b.id] });
    expectError(
      await call(t, 'PUT', `/api/meetings/${meeting._id}/invitation`, a.token, { status: 'accepted' }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('who may do what', () => {
  it('answers 403 to an invitee who edits or deletes, and 404 to a stranger, changing nothing', async () => {
    const { a, b } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { invitees: [b.id], time: T });
    const stranger = await buildUser(t);
    const before = await settledFingerprint();
    expect(
      expectError(
        await call(t, 'PUT', `/api/meetings/${meeting._id}`, b.token, { name: 'Mine now' }),
        403,
        'FORBIDDEN',
      ).message,
    ).toBe(messages['meetings.organiserOnly']);
    expectError(await call(t, 'DELETE', `/api/meetings/${meeting._id}`, b.token), 403, 'FORBIDDEN');
    for (const [method, url, body] of [
      ['GET', `/api/meetings/${meeting._id}`, undefined],
      ['PUT', `/api/meetings/${meeting._id}`, { name: 'Mine now' }],
      ['DELETE', `/api/meetings/${meeting._id}`, undefined],
      ['PUT', `/api/meetings/${meeting._id}/invitation`, { status: 'accepted' }],
      [
        'POST',
        '/api/meetings/available-times',
        { duration: 30, startDate: '2027-01-11', endDate: '2027-01-11', meetingId: meeting._id },
      ],
    ] as const) {
      expectError(await call(t, method, url, stranger.token, body), 404, 'NOT_FOUND');
    }
    expect((await ok<MeetingList>(t, 'GET', '/api/meetings', stranger.token)).data).toEqual([]);
    expect((await ok<InvitationList>(t, 'GET', '/api/meetings/invitations', stranger.token)).data).toEqual(
      [],
    );
    expect(await settledFingerprint()).toEqual(before);
  });
});

describe('PUT /api/meetings/{id}', () => {
  it('re-plans: a new time is checked, raises the sequence and asks everyone again by e-mail', async () => {
    const { a, b, c } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { name: 'Re-plan', invitees: [b.id, c.id], time: T });
    await answerInvitation(t, b, meeting._id, 'accepted');
    await answerInvitation(t, c, meeting._id, 'refused');
    const moved = await ok<Meeting>(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, {
      time: '2027-01-12T14:30:00Z',
      description: 'Moved',
    });
    expect(moved.time).toBe('2027-01-12T14:30:00.000Z');
    expect(moved.invitations.map((i) => i.status)).toEqual(['pending', 'pending']);
    expect((await calendarOf(b)).data).toEqual([]);
    expect((await calendarOf(a)).data.map((entry) => entry.start)).toEqual(['2027-01-12T14:30:00.000Z']);
    const deadline = Date.now() + 10_000;
    while (
      inbox.allTo(b.email).filter((mail) => mail.subject.includes('Re-plan')).length < 2 &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const mails = inbox.allTo(b.email).filter((mail) => mail.subject.includes('Re-plan'));
    expect(mails).toHaveLength(2);
    const sequence = (mail: (typeof mails)[number]) =>
      new ICAL.Component(
        ICAL.parse(
          mail.attachments.find((file) => file.content.includes('BEGIN:VCALENDAR'))!.content,
        ) as unknown[],
      )
        .getFirstSubcomponent('vevent')!
        .getFirstPropertyValue('sequence');
    expect(mails.map(sequence).sort()).toEqual([0, 1]);
    // Changing other fields keeps the answers.
    await answerInvitation(t, b, meeting._id, 'accepted');
    const renamed = await ok<Meeting>(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, {
      name: 'Renamed',
      step: 30,
    });
    expect(renamed.invitations.map((i) => i.status)).toEqual(['accepted', 'pending']);
    expect(renamed.step).toBe(30);
    expect((await calendarOf(b)).data.map((entry) => entry.title)).toEqual(['Renamed']);
  });

  it('replaces the invitees: new ones invited, removed ones lose it, kept ones keep their answer', async () => {
    const { a, b, c } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { invitees: [b.id], time: T });
    await answerInvitation(t, b, meeting._id, 'accepted');
    const both = await ok<Meeting>(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, {
      invitees: [b.id, c.id],
    });
    expect(both.invitations.map((i) => [i.user, i.status])).toEqual([
      [b.id, 'accepted'],
      [c.id, 'pending'],
    ]);
    const onlyC = await ok<Meeting>(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { invitees: [c.id] });
    expect(onlyC.invitations.map((i) => i.user)).toEqual([c.id]);
    expect((await calendarOf(b)).data).toEqual([]);
    expectError(await call(t, 'GET', `/api/meetings/${meeting._id}`, b.token), 404, 'NOT_FOUND');
  });

  it('refuses bad input with D10 errors and changes nothing', async () => {
    const { a } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, {});
    const before = await settledFingerprint();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ duration: 10 }, 'duration'],
      [{ duration: 481 }, 'duration'],
      [{ startDate: '2027-02-30' }, 'startDate'],
      [{ name: '  ' }, 'name'],
      [{ link: 'javascript:alert(1)' }, 'link'],
      [{ time: 'tomorrow' }, 'time'],
      [{ state: 'deleted' }, 'state'],
      [{ step: 3 }, 'step'],
      [{ endDate: '2027-01-01' }, 'endDate'],
    ];
    for (const [body, field] of cases) {
      const response = await call(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, body);
      expect(
        Object.keys(expectError(response, 400, 'VALIDATION_ERROR').fields ?? {}),
        JSON.stringify(body),
      ).toEqual([field]);
    }
    expectError(await call(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, {}), 400, 'VALIDATION_ERROR');
    expectError(
      await call(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { name: 'x', owner: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await call(t, 'GET', '/api/meetings/abc', a.token), 400, 'VALIDATION_ERROR');
    expectError(await call(t, 'GET', '/api/meetings/999999', a.token), 404, 'NOT_FOUND');
    expectError(await call(t, 'GET', '/api/meetings?state=gone', a.token), 400, 'VALIDATION_ERROR');
    expectError(
      await call(t, 'GET', '/api/meetings/invitations?status=maybe', a.token),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(t, 'PUT', `/api/meetings/${meeting._id}/invitation`, a.token, { status: 'pending' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await settledFingerprint()).toEqual(before);
  });
});

describe('DELETE /api/meetings/{id}', () => {
  it('removes the meeting from every calendar and list; the bell tells of the cancellation alone', async () => {
    const { a, b } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { invitees: [b.id], time: T });
    await answerInvitation(t, b, meeting._id, 'accepted');
    const response = await call(t, 'DELETE', `/api/meetings/${meeting._id}`, a.token);
    expect(response.statusCode).toBe(204);
    expect((await calendarOf(a)).data).toEqual([]);
    expect((await calendarOf(b)).data).toEqual([]);
    expect((await ok<InvitationList>(t, 'GET', '/api/meetings/invitations', b.token)).data).toEqual([]);
    // D45: the invitation is withdrawn; the cancellation is told.
    const bell = (await ok<NotificationList>(t, 'GET', '/api/notifications', b.token)).data;
    expect(bell.map((notice) => notice.kind)).toEqual(['meeting-cancelled']);
    expectError(await call(t, 'GET', `/api/meetings/${meeting._id}`, a.token), 404, 'NOT_FOUND');
  });
});

describe('the calendar feed', () => {
  it('holds the meetings the user organises or accepted', async () => {
    const { a, b } = await buildMeetingTeam(t);
    const meeting = await buildMeeting(t, a, { name: 'In the feed', invitees: [b.id], time: T });
    const feed = await ok<{ url: string }>(t, 'POST', '/api/calender/feed', b.token, undefined, 201);
    const path = new URL(feed.url).pathname;
    const read = async () => (await call(t, 'GET', path)).body;
    expect(await read()).not.toContain('In the feed');
    await answerInvitation(t, b, meeting._id, 'accepted');
    const calendar = new ICAL.Component(ICAL.parse(await read()) as unknown[]);
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => [event.summary, event.startDate.toJSDate().toISOString()])).toEqual([
      ['In the feed', T],
    ]);
  });
});
