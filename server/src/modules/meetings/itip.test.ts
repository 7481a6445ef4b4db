/**
 * D42, calendar mail that other calendars understand (iTIP, RFC 5546), over HTTP and real SMTP:
 * REQUEST with SEQUENCE moved on when a meeting's or a guest event's time changes, CANCEL when it
 * is deleted or archived or a person is taken off it; Accept and Decline links that answer without
 * signing in (signed, for that alone, until the meeting ends), the organiser told of each answer;
 * the feed's ORGANIZER, ATTENDEE and PARTSTAT, SEQUENCE on every change, and instants of a
 * repeated autumn hour written in UTC. Each iCalendar part is read back with ical.js.
 */
import {
  type CalendarEvent,
  type ErrorBody,
  type Meeting,
  type MeetingAnswerView,
  messages,
} from '@cadence/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkTokens } from '../../lib/tokens';
import {
  answerInvitation,
  buildEvent,
  buildMeeting,
  buildMeetingTeam,
  buildUserInZone,
  call,
  notificationsOf,
  ok,
  publicOf,
  type TestUser,
  untilMailSent,
} from '../../test/factories';
import { createTestApp, fingerprint, TEST_JWT_SECRET, type TestApp } from '../../test/harness';
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

const T = '2027-01-11T14:00:00.000Z';

/** The iCalendar part of a mail, read by ical.js. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.attachments.find((file) => file.content.includes('BEGIN:VCALENDAR'));
  expect(part, `${mail.subject}: no iCalendar part`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(part!.content) as unknown[]);
  const vevents = calendar.getAllSubcomponents('vevent');
  return {
    method: calendar.getFirstPropertyValue('method'),
    vevents,
    event: new ICAL.Event(vevents[0]),
    sequence: Number(vevents[0]!.getFirstPropertyValue('sequence')),
    status: vevents[0]!.getFirstPropertyValue('status'),
    attendees: vevents[0]!.getAllProperties('attendee').map((attendee) => ({
      email: String(attendee.getFirstValue()).toLowerCase().replace('mailto:', ''),
      partstat: attendee.getParameter('partstat'),
    })),
    raw: part!.content,
  };
}

/** The token of the Accept link of the newest invitation mail to the user. */
function answerLink(mail: ReceivedMail): { token: string; accept: string; decline: string } {
  const accept = /https:\/\/cadence\.test\/meeting-answer\/([^?\s]+)\?status=accepted/.exec(mail.text);
  const decline = /https:\/\/cadence\.test\/meeting-answer\/([^?\s]+)\?status=refused/.exec(mail.text);
  expect(accept, mail.text).not.toBeNull();
  expect(decline?.[1]).toBe(accept![1]);
  return { token: accept![1]!, accept: accept![0], decline: decline![0] };
}

/** An open call (no sign-in) that must answer 200. */
async function openCall<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await call(t, method, url, undefined, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('meetings send what calendar clients understand', () => {
  it('mails a new time as REQUEST with SEQUENCE + 1 and new answer links, in each invitee’s language', async () => {
    const { a, b } = await buildMeetingTeam(t, 'fr');
    const meeting = await buildMeeting(t, a, { name: 'Sequence', invitees: [b.id], time: T });
    const [first] = await inbox.mailsTo(b.email, 1, (mail) => mail.subject.includes('Sequence'));
    const request = calendarOf(first!);
    expect(request.method).toBe('REQUEST');
    expect(first!.subject).toContain('Invitation : Sequence');
    answerLink(first!);
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { time: '2027-01-12T15:00:00Z' });
    const mails = await inbox.mailsTo(b.email, 2, (mail) => mail.subject.includes('Sequence'));
    expect(mails).toHaveLength(2);
    const moved = calendarOf(mails[1]!);
    expect(moved.method).toBe('REQUEST');
    expect(moved.event.uid).toBe(request.event.uid);
    expect(moved.sequence).toBeGreaterThan(request.sequence);
    expect(moved.event.startDate.toJSDate().toISOString()).toBe('2027-01-12T15:00:00.000Z');
    expect(mails[1]!.subject).toContain('Invitation modifiée');
    expect(mails[1]!.text).toContain('Merci de répondre à nouveau');
    answerLink(mails[1]!);
  });

  it('mails CANCEL to everyone invited when the meeting is deleted, with the UID and a higher SEQUENCE', async () => {
    const { a, b, c } = await buildMeetingTeam(t, 'fr');
    const meeting = await buildMeeting(t, a, { name: 'Doomed', invitees: [b.id, c.id], time: T });
    const [invitation] = await inbox.mailsTo(c.email, 1, (mail) => mail.subject.includes('Doomed'));
    const request = calendarOf(invitation!);
    expect((await call(t, 'DELETE', `/api/meetings/${meeting._id}`, a.token)).statusCode).toBe(204);
    for (const person of [b, c]) {
      const [cancel] = await inbox.mailsTo(person.email, 1, (mail) => /Annulé|Cancelado/.test(mail.subject));
      expect(cancel, person.email).toBeDefined();
      const cancelled = calendarOf(cancel!);
      expect(cancelled.method).toBe('CANCEL');
      expect(cancelled.status).toBe('CANCELLED');
      expect(cancelled.event.uid).toBe(request.event.uid);
      expect(cancelled.sequence).toBeGreaterThan(request.sequence);
      expect(cancelled.attendees.map((x) => x.email).sort()).toEqual([b.email, c.email].sort());
    }
    expect((await inbox.mailsTo(c.email, 2, (mail) => mail.subject.includes('Doomed')))[1]!.subject).toBe(
      'Cancelado: Doomed',
    );
  });

  it('cancels for everyone on archiving and asks again on restoring; a person taken off gets CANCEL alone', async () => {
    const { a, b, c } = await buildMeetingTeam(t, 'fr');
    const meeting = await buildMeeting(t, a, { name: 'Archive', invitees: [b.id, c.id], time: T });
    await inbox.mailsTo(b.email, 1, (mail) => mail.subject.includes('Archive'));
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { state: 'archived' });
    const [archived] = await inbox.mailsTo(b.email, 1, (mail) => mail.subject === 'Annulé : Archive');
    expect(calendarOf(archived!).method).toBe('CANCEL');
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { state: 'active' });
    const restored = await inbox.mailsTo(b.email, 3, (mail) => mail.subject.includes('Archive'));
    expect(calendarOf(restored[2]!).method).toBe('REQUEST');
    expect(calendarOf(restored[2]!).sequence).toBeGreaterThan(calendarOf(archived!).sequence);

    await untilMailSent(t);
    const beforeB = inbox.allTo(b.email).length;
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { invitees: [b.id] });
    const [removed] = await inbox.mailsTo(c.email, 1, (mail) => mail.subject === 'Removido de: Archive');
    const cancel = calendarOf(removed!);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.attendees.map((x) => x.email)).toEqual([c.email]);
    await untilMailSent(t);
    // B stays invited at the same time: nothing new for B.
    expect(inbox.allTo(b.email)).toHaveLength(beforeB);
  });
});

describe('Accept and Decline links (D42)', () => {
  it('answer without signing in, show the invitation in the invitee’s language, and tell the organiser', async () => {
    const { a, b } = await buildMeetingTeam(t, 'fr');
    const meeting = await buildMeeting(t, a, { name: 'By link', invitees: [b.id], time: T });
    const [mail] = await inbox.mailsTo(b.email, 1, (m) => m.subject.includes('By link'));
    const { token } = answerLink(mail!);

    const view = await openCall<MeetingAnswerView>('GET', `/api/meeting-answers/${token}`);
    expect(view).toEqual({
      meeting: {
        name: 'By link',
        description: '',
        link: '',
        time: T,
        end: '2027-01-11T15:00:00.000Z',
        state: 'active',
        completed: false,
        organiser: publicOf(a),
      },
      invitee: { name: expect.any(String), language: 'fr', timeZone: 'America/New_York' },
      status: 'pending',
      open: true,
    });
    expect(JSON.stringify(view)).not.toContain(a.email);
    expect(JSON.stringify(view)).not.toContain(b.email);

    const accepted = await openCall<MeetingAnswerView>('POST', `/api/meeting-answers/${token}`, {
      status: 'accepted',
    });
    expect(accepted.status).toBe('accepted');
    const seen = await ok<Meeting>(t, 'GET', `/api/meetings/${meeting._id}`, a.token);
    expect(seen.invitations.map((i) => [i.user, i.status])).toEqual([[b.id, 'accepted']]);
    // On B's calendar now, and in A's bell with who answered.
    const calendar = await ok<{ data: CalendarEvent[] }>(
      t,
      'GET',
      '/api/calender/events?start=2027-01-10&end=2027-01-17',
      b.token,
    );
    expect(calendar.data.map((entry) => entry.title)).toEqual(['By link']);
    const told = (await notificationsOf(t, a)).data.filter((n) => n.sourceId === meeting._id);
    expect(told.map((n) => [n.kind, n.title, n.actor?._id])).toEqual([['meeting-accepted', 'By link', b.id]]);
    const [answered] = await inbox.mailsTo(a.email, 1, (m) => m.subject === 'Accepted: By link');
    expect(answered!.text).toContain(`https://cadence.test/apps/meetings/preview?id=${meeting._id}`);

    // The same answer again tells nobody twice; a change of mind does.
    await openCall('POST', `/api/meeting-answers/${token}`, { status: 'accepted' });
    const refused = await openCall<MeetingAnswerView>('POST', `/api/meeting-answers/${token}`, {
      status: 'refused',
    });
    expect(refused.status).toBe('refused');
    const after = (await notificationsOf(t, a)).data.filter((n) => n.sourceId === meeting._id);
    expect(after.map((n) => n.kind)).toEqual(['meeting-declined', 'meeting-accepted']);
    await inbox.mailsTo(a.email, 1, (m) => m.subject === 'Declined: By link');
  });

  it('refuse what is not a genuine, current link of an invitee, changing nothing', async () => {
    const { a, b, c } = await buildMeetingTeam(t, 'fr');
    const meeting = await buildMeeting(t, a, { name: 'Guarded', invitees: [b.id, c.id], time: T });
    const [mail] = await inbox.mailsTo(b.email, 1, (m) => m.subject.includes('Guarded'));
    const { token } = answerLink(mail!);
    const links = new LinkTokens(TEST_JWT_SECRET);
    const [ids, expiry, signature] = token.split('.') as [string, string, string];
    const forged = {
      'a changed signature': `${ids}.${expiry}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      'another invitee’s ids under this signature': `${meeting._id}-${c.id}.${expiry}.${signature}`,
      'a later expiry under this signature': `${ids}.${(parseInt(expiry, 36) + 86_400).toString(36)}.${signature}`,
      'the right ids signed for another purpose': links.sign(
        'password-reset',
        [Number(meeting._id), Number(b.id)],
        Date.parse(T) + 3_600_000,
      ),
      'an access token': b.token.slice(0, 90),
      'a made-up word': 'not-a-token',
    };
    await untilMailSent(t);
    const before = await fingerprint(t.database);
    for (const [name, value] of Object.entries(forged)) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await call(
          t,
          method,
          `/api/meeting-answers/${encodeURIComponent(value)}`,
          undefined,
          method === 'POST' ? { status: 'accepted' } : undefined,
        );
        expect([404, 400], `${name} ${method}: ${response.body}`).toContain(response.statusCode);
        expect(response.json<ErrorBody>().statusCode).toBe(response.statusCode);
      }
    }
    // The link is no sign-in: as a bearer token it opens nothing.
    expect((await call(t, 'GET', '/api/meetings', token)).statusCode).toBe(401);
    // Expired: signed genuinely, with an expiry in the past.
    const expired = links.sign('meeting-answer', [Number(meeting._id), Number(b.id)], Date.now() - 1000);
    const late = await call(t, 'POST', `/api/meeting-answers/${expired}`, undefined, { status: 'accepted' });
    expect(late.statusCode).toBe(410);
    expect(late.json<ErrorBody>()).toMatchObject({
      code: 'LINK_EXPIRED',
      message: messages['meetings.answerLinkExpired'],
    });
    expect(await fingerprint(t.database)).toEqual(before);

    // A person taken off the meeting: their link is dead. An archived meeting: 409, nothing changes.
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { invitees: [c.id] });
    expect((await call(t, 'GET', `/api/meeting-answers/${token}`, undefined)).statusCode).toBe(404);
    const [cMail] = await inbox.mailsTo(
      c.email,
      1,
      (m) => m.subject.includes('Guarded') && m.text.includes('meeting-answer'),
    );
    const cToken = answerLink(cMail!).token;
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { state: 'archived' });
    await untilMailSent(t);
    const closedBefore = await fingerprint(t.database);
    const closed = await call(t, 'POST', `/api/meeting-answers/${cToken}`, undefined, { status: 'accepted' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json<ErrorBody>().code).toBe('MEETING_CLOSED');
    const view = await openCall<MeetingAnswerView>('GET', `/api/meeting-answers/${cToken}`);
    expect([view.open, view.status, view.meeting.state]).toEqual([false, 'pending', 'archived']);
    const bad = await call(t, 'POST', `/api/meeting-answers/${cToken}`, undefined, { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(await fingerprint(t.database)).toEqual(closedBefore);
  });
});

describe('events with guests (D42)', () => {
  const event = {
    title: 'Standup',
    start: '2027-02-01T09:00:00Z',
    end: '2027-02-01T09:15:00Z',
    recurrence: 'FREQ=WEEKLY;COUNT=6',
  };

  it('mail REQUEST when a guest is added or the times change, CANCEL when taken off or deleted', async () => {
    const { a, b, c } = await buildMeetingTeam(t, 'fr');
    const created = await buildEvent(t, a, { ...event, guests: [b.id, c.id] });
    const [invited] = await inbox.mailsTo(b.email, 1, (m) => m.subject.includes('Standup'));
    const request = calendarOf(invited!);
    expect(request.method).toBe('REQUEST');
    expect(request.raw).toContain('RRULE:FREQ=WEEKLY;COUNT=6');
    expect(String(request.event.organizer).toLowerCase()).toBe(`mailto:${a.email}`);
    expect(request.attendees.map((x) => x.email).sort()).toEqual([b.email, c.email].sort());
    expect(invited!.text).toContain('https://cadence.test/apps/calendar');

    // A title alone changes no time: no mail. A new time: REQUEST again, SEQUENCE higher.
    await ok(t, 'PUT', `/api/calender/modify-event/${created._id}`, a.token, { title: 'Standup' });
    await ok(t, 'PUT', `/api/calender/modify-event/${created._id}`, a.token, {
      start: '2027-02-01T10:00:00Z',
      end: '2027-02-01T10:15:00Z',
    });
    const changed = await inbox.mailsTo(b.email, 2, (m) => m.subject.includes('Standup'));
    expect(changed).toHaveLength(2);
    expect(calendarOf(changed[1]!).sequence).toBeGreaterThan(request.sequence);
    expect(calendarOf(changed[1]!).event.startDate.toJSDate().toISOString()).toBe('2027-02-01T10:00:00.000Z');

    // One occurrence deleted: the series again, with its EXDATE.
    await call(
      t,
      'DELETE',
      `/api/calender/${created._id}?occurrence=2027-02-08T10:00:00.000Z&scope=this`,
      a.token,
    );
    const excluded = await inbox.mailsTo(b.email, 3, (m) => m.subject.includes('Standup'));
    const series = calendarOf(excluded[2]!);
    expect((series.vevents[0]!.getFirstPropertyValue('exdate') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2027-02-08T10:00:00.000Z',
    );

    // C taken off: CANCEL to C alone.
    await ok(t, 'PUT', `/api/calender/modify-event/${created._id}`, a.token, { guests: [b.id] });
    const [offC] = await inbox.mailsTo(c.email, 1, (m) => m.subject === 'Cancelado: Standup');
    expect(calendarOf(offC!).method).toBe('CANCEL');
    expect(calendarOf(offC!).attendees.map((x) => x.email)).toEqual([c.email]);

    // Deleted: CANCEL to B.
    expect((await call(t, 'DELETE', `/api/calender/${created._id}`, a.token)).statusCode).toBe(204);
    const [gone] = await inbox.mailsTo(b.email, 1, (m) => m.subject === 'Annulé : Standup');
    const cancelled = calendarOf(gone!);
    expect([cancelled.method, cancelled.status, cancelled.event.uid]).toEqual([
      'CANCEL',
      'CANCELLED',
      request.event.uid,
    ]);
  });
});

describe('the feed (D42)', () => {
  async function feedOf(user: TestUser) {
    const { url } = await ok<{ url: string }>(t, 'POST', '/api/calender/feed', user.token, undefined, 201);
    const response = await call(t, 'GET', new URL(url).pathname, undefined);
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  it('writes ORGANIZER and each ATTENDEE with PARTSTAT, and moves SEQUENCE on at every change', async () => {
    const { a, b, c } = await buildMeetingTeam(t, 'fr');
    const meeting = await buildMeeting(t, a, { name: 'Answers', invitees: [b.id, c.id], time: T });
    await answerInvitation(t, b, meeting._id, 'accepted');
    const guestEvent = await buildEvent(t, a, {
      title: 'With guests',
      start: '2027-03-01T09:00:00Z',
      end: '2027-03-01T10:00:00Z',
      guests: [c.id],
    });
    const calendar = new ICAL.Component(ICAL.parse(await feedOf(a)) as unknown[]);
    const bySummary = new Map(
      calendar
        .getAllSubcomponents('vevent')
        .map((vevent) => [vevent.getFirstPropertyValue('summary'), vevent]),
    );
    const partstats = (name: string) =>
      Object.fromEntries(
        bySummary
          .get(name)!
          .getAllProperties('attendee')
          .map((p) => [
            String(p.getFirstValue()).toLowerCase().replace('mailto:', ''),
            p.getParameter('partstat'),
          ]),
      );
    expect(partstats('Answers')).toEqual({ [b.email]: 'ACCEPTED', [c.email]: 'NEEDS-ACTION' });
    expect(String(bySummary.get('Answers')!.getFirstPropertyValue('organizer')).toLowerCase()).toBe(
      `mailto:${a.email}`,
    );
    expect(partstats('With guests')).toEqual({ [c.email]: 'ACCEPTED' });
    await answerInvitation(t, c, meeting._id, 'refused');
    const sequenceOf = async (name: string) =>
      Number(
        new ICAL.Component(ICAL.parse(await feedOf(a)) as unknown[])
          .getAllSubcomponents('vevent')
          .find((vevent) => vevent.getFirstPropertyValue('summary') === name)!
          .getFirstPropertyValue('sequence'),
      );
    const [meetingBefore, eventBefore] = [await sequenceOf('Answers'), await sequenceOf('With guests')];
    await ok(t, 'PUT', `/api/meetings/${meeting._id}`, a.token, { description: 'Only words' });
    await ok(t, 'PUT', `/api/calender/modify-event/${guestEvent._id}`, a.token, {
      description: 'Only words',
    });
    expect(await sequenceOf('Answers')).toBe(meetingBefore + 1);
    expect(await sequenceOf('With guests')).toBe(eventBefore + 1);
  });

  it('writes an instant of the repeated autumn hour in UTC, so that no client reads it an hour off', async () => {
    const paris = await buildUserInZone(t, 'Europe/Paris');
    // 25 October 2026: 02:30 happens twice in Paris, at 00:30Z (CEST) and at 01:30Z (CET).
    const instants = ['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z', '2026-10-25T09:00:00.000Z'];
    for (const [n, start] of instants.entries()) {
      await buildEvent(t, paris, {
        title: `Night ${n}`,
        start,
        end: new Date(Date.parse(start) + 15 * 60_000).toISOString(),
      });
    }
    // A daily series with its 25 October 01:30Z occurrence cancelled.
    const series = await buildEvent(t, paris, {
      title: 'Nightly',
      start: '2026-10-20T00:30:00Z',
      end: '2026-10-20T00:45:00Z',
      recurrence: 'FREQ=DAILY;COUNT=10',
    });
    // 02:30 local each day: on the 25th, the CET 02:30 (01:30Z) is the second of the two.
    expect(
      (
        await call(
          t,
          'DELETE',
          `/api/calender/${series._id}?occurrence=2026-10-25T01:30:00.000Z&scope=this`,
          paris.token,
        )
      ).statusCode,
    ).toBe(204);
    const text = await feedOf(paris);
    expect(text).toContain('DTSTART:20261025T003000Z');
    expect(text).toContain('DTSTART:20261025T013000Z');
    expect(text).toContain('DTSTART;TZID=Europe/Paris:20261025T100000');
    expect(text).toContain('EXDATE:20261025T013000Z');
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.register(vtimezone);
    }
    const read = calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent))
      .filter((event) => event.summary.startsWith('Night '))
      .sort((x, y) => x.summary.localeCompare(y.summary))
      .map((event) => event.startDate.toJSDate().toISOString());
    expect(read).toEqual(instants);
    // The series, expanded by ical.js: ten days less the cancelled one, each at its instant.
    const nightly = new ICAL.Event(
      calendar
        .getAllSubcomponents('vevent')
        .find((vevent) => vevent.getFirstPropertyValue('summary') === 'Nightly'),
    );
    const expanded: string[] = [];
    const iterator = nightly.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const start = next.toJSDate().toISOString();
      const excluded = nightly.component
        .getAllProperties('exdate')
        .some((p) => p.getValues().some((v: ICAL.Time) => v.toJSDate().toISOString() === start));
      if (!excluded) expanded.push(start);
    }
    expect(expanded).toHaveLength(9);
    expect(expanded).not.toContain('2026-10-25T01:30:00.000Z');
  });
});
