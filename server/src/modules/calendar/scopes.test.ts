/**
 * One occurrence, the following ones, or all (D39), through HTTP: an owner in Paris with a weekly
 * review (six Mondays at 10:00 from 4 January 2027), a guest in New York, and a friend who looks
 * for free times. Overrides and exclusions show in the owner's and the guest's range reads, in busy
 * and available times, in reminders (with a real SMTP inbox), in the feed as RECURRENCE-ID and
 * EXDATE read back by ical.js; `following` splits the series; `all` keeps the overrides whose
 * original starts remain. Guests get 403, unknown occurrences 404, bad input 400 with nothing changed.
 */
import {
  type AvailableTimes,
  type CalendarEvent,
  type CalendarEvents,
  type CalendarFeed,
  type CalendarOccurrence,
  messages,
} from '@cadence/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { LiveHub } from '../../lib/live';
import { MailOutbox } from '../../lib/outbox';
import { LinkTokens } from '../../lib/tokens';
import { createMailer } from '../../lib/mailer';
import {
  befriend,
  buildEvent,
  buildUserInZone,
  call,
  expectError,
  ok,
  type TestUser,
} from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';
import { startInbox, type TestInbox } from '../../test/smtp';
import { buildReminders, type Services } from '../../services';

const t = useTestApp({ PUBLIC_URL: 'https://cadence.test' });
let inbox: TestInbox;
let reminders: Services['reminders'];

beforeAll(async () => {
  inbox = await startInbox();
  const log = t.app.log;
  reminders = buildReminders({
    db: t.database.db,
    outbox: new MailOutbox({
      db: t.database.db,
      mailer: createMailer(inbox.url, 'Cadence <c@test>', log),
      log,
    }),
    config: loadConfig({ JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://cadence.test' }),
    log,
    live: new LiveHub({ prefix: 'test:', heartbeatMs: 60_000, log }),
    links: new LinkTokens('x'.repeat(32)),
  });
});
afterAll(async () => {
  await inbox.close();
});

const RANGE = '/api/calender/events?start=2027-01-01T00:00:00Z&end=2027-03-01T00:00:00Z';
const range = async (user: TestUser) => (await ok<CalendarEvents>(t, 'GET', RANGE, user.token)).data;
const brief = (o: CalendarOccurrence) => [o._id, o.title, o.start, o.occurrence, o.exception];
const scoped = (id: string, occurrence: string, scope: string) =>
  `${id}?occurrence=${encodeURIComponent(occurrence)}&scope=${scope}`;

/** The owner's weekly review with a guest, and a friend of the owner who is not on it. */
async function world(extra: Record<string, unknown> = {}) {
  const owner = await buildUserInZone(t, 'Europe/Paris');
  const guest = await buildUserInZone(t, 'America/New_York');
  const friend = await buildUserInZone(t, 'Europe/Paris');
  await befriend(t, owner, guest);
  await befriend(t, owner, friend);
  const event = await buildEvent(t, owner, {
    title: 'Review',
    start: '2027-01-04T10:00:00+01:00',
    end: '2027-01-04T11:00:00+01:00',
    recurrence: 'FREQ=WEEKLY;COUNT=6',
    guests: [guest.id],
    ...extra,
  });
  return { owner, guest, friend, event };
}

const mondays = ['2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25', '2027-02-01', '2027-02-08'].map(
  (day) => `${day}T09:00:00.000Z`,
);

/** The second Monday moved to Tuesday 14:00–15:00 UTC (with `change`), the third one deleted. */
async function moveSecondDeleteThird(owner: TestUser, id: string, change: Record<string, unknown> = {}) {
  await ok(t, 'PUT', `/api/calender/modify-event/${scoped(id, mondays[1]!, 'this')}`, owner.token, {
    start: '2027-01-12T14:00:00Z',
    end: '2027-01-12T15:00:00Z',
    ...change,
  });
  await ok(t, 'DELETE', `/api/calender/${scoped(id, mondays[2]!, 'this')}`, owner.token, undefined, 204);
}

describe('this event', () => {
  it('moves one occurrence alone, for the owner and the guest, and names it by its original start', async () => {
    const { owner, guest, event } = await world();
    const moved = await ok<CalendarEvent>(
      t,
      'PUT',
      `/api/calender/modify-event/${scoped(event._id, mondays[1]!, 'this')}`,
      owner.token,
      { start: '2027-01-12T14:00:00Z', end: '2027-01-12T15:00:00Z', title: 'Review, on Tuesday' },
    );
    expect(moved).toMatchObject({
      _id: event._id,
      title: 'Review, on Tuesday',
      start: '2027-01-12T14:00:00.000Z',
      end: '2027-01-12T15:00:00.000Z',
      occurrence: mondays[1],
      exception: true,
      recurrence: 'FREQ=WEEKLY;COUNT=6',
    });
    const expected = [
      [event._id, 'Review', mondays[0], mondays[0], false],
      [event._id, 'Review, on Tuesday', '2027-01-12T14:00:00.000Z', mondays[1], true],
      ...mondays.slice(2).map((monday) => [event._id, 'Review', monday, monday, false]),
    ];
    expect((await range(owner)).map(brief)).toEqual(expected);
    const asGuest = await range(guest);
    expect(asGuest.map(brief)).toEqual(expected);
    expect(asGuest.every((o) => !o.editable)).toBe(true);

    // Changed again, the override keeps what it had and takes the new change.
    const again = await ok<CalendarEvent>(
      t,
      'PUT',
      `/api/calender/modify-event/${scoped(event._id, mondays[1]!, 'this')}`,
      owner.token,
      { location: 'Room 2' },
    );
    expect(again).toMatchObject({
      title: 'Review, on Tuesday',
      location: 'Room 2',
      start: '2027-01-12T14:00:00.000Z',
    });
  });

  it('deletes one occurrence alone; it is gone, and naming it again is 404', async () => {
    const { owner, guest, event } = await world();
    await ok(
      t,
      'DELETE',
      `/api/calender/${scoped(event._id, mondays[2]!, 'this')}`,
      owner.token,
      undefined,
      204,
    );
    const left = mondays.filter((_, index) => index !== 2);
    expect((await range(owner)).map((o) => o.start)).toEqual(left);
    expect((await range(guest)).map((o) => o.start)).toEqual(left);
    expectError(
      await call(t, 'DELETE', `/api/calender/${scoped(event._id, mondays[2]!, 'this')}`, owner.token),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(
        t,
        'PUT',
        `/api/calender/modify-event/${scoped(event._id, mondays[2]!, 'this')}`,
        owner.token,
        {
          title: 'Back?',
        },
      ),
      404,
      'NOT_FOUND',
    );
  });
});

describe('refusals', () => {
  it('a guest gets 403 for any scope and nothing changes', async () => {
    const { guest, event } = await world();
    const before = await fingerprint(t.database);
    for (const scope of ['this', 'following', 'all']) {
      const url = scoped(event._id, mondays[1]!, scope);
      expectError(
        await call(t, 'PUT', `/api/calender/modify-event/${url}`, guest.token, { title: 'Mine now' }),
        403,
        'FORBIDDEN',
      );
      expectError(await call(t, 'DELETE', `/api/calender/${url}`, guest.token), 403, 'FORBIDDEN');
    }
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('an occurrence the series never makes, or another user’s event, is 404', async () => {
    const { owner, friend, event } = await world();
    const before = await fingerprint(t.database);
    for (const occurrence of [
      '2027-01-05T09:00:00.000Z',
      '2027-01-04T09:30:00.000Z',
      '2027-02-15T09:00:00.000Z',
    ]) {
      expectError(
        await call(
          t,
          'PUT',
          `/api/calender/modify-event/${scoped(event._id, occurrence, 'this')}`,
          owner.token,
          {
            title: 'x',
          },
        ),
        404,
        'NOT_FOUND',
      );
      expectError(
        await call(t, 'DELETE', `/api/calender/${scoped(event._id, occurrence, 'following')}`, owner.token),
        404,
        'NOT_FOUND',
      );
    }
    expectError(
      await call(t, 'DELETE', `/api/calender/${scoped(event._id, mondays[1]!, 'this')}`, friend.token),
      404,
      'NOT_FOUND',
    );
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('bad input is 400 in the D10 shape and changes nothing', async () => {
    const { owner, event } = await world();
    const before = await fingerprint(t.database);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [`${event._id}?scope=this`, { title: 'x' }, 'occurrence'],
      [`${event._id}?occurrence=yesterday&scope=this`, { title: 'x' }, 'occurrence'],
      [`${event._id}?occurrence=${encodeURIComponent(mondays[1]!)}&scope=sometimes`, { title: 'x' }, 'scope'],
      [scoped(event._id, mondays[1]!, 'this'), { recurrence: 'FREQ=DAILY' }, 'scope'],
      [
        scoped(event._id, mondays[1]!, 'this'),
        { start: '2027-01-12T15:00:00Z', end: '2027-01-12T14:00:00Z' },
        'end',
      ],
    ];
    for (const [url, body, field] of cases) {
      const error = expectError(
        await call(t, 'PUT', `/api/calender/modify-event/${url}`, owner.token, body),
        400,
        'VALIDATION_ERROR',
      );
      expect(Object.keys(error.fields ?? {}), url).toContain(field);
    }
    expectError(
      await call(t, 'DELETE', `/api/calender/${event._id}?scope=following`, owner.token),
      400,
      'VALIDATION_ERROR',
    );
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('at most 1,000 changed or deleted occurrences per series', async () => {
    const owner = await buildUserInZone(t, 'UTC');
    const event = await buildEvent(t, owner, {
      title: 'Daily',
      start: '2027-01-01T08:00:00Z',
      end: '2027-01-01T08:15:00Z',
      recurrence: 'FREQ=DAILY',
    });
    const at = new Date().toISOString();
    const exclusions = Array.from({ length: 1000 }, (_, day) => ({
      event_id: Number(event._id),
      occurrence_at: new Date(Date.parse('2027-01-01T08:00:00Z') + day * 86_400_000).toISOString(),
      kind: 'exclusion' as const,
      created_at: at,
      updated_at: at,
    }));
    for (let index = 0; index < exclusions.length; index += 200) {
      await t.database.db
        .insertInto('event_exceptions')
        .values(exclusions.slice(index, index + 200))
        .execute();
    }
    const before = await fingerprint(t.database);
    const next = '2029-09-27T08:00:00.000Z';
    const error = expectError(
      await call(t, 'DELETE', `/api/calender/${scoped(event._id, next, 'this')}`, owner.token),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.message).toBe(messages['calendar.exceptionsLimit']);
    expect(await fingerprint(t.database)).toEqual(before);
  });
});

describe('following events', () => {
  it('ends the series before the occurrence and starts a new one from it with the change', async () => {
    const { owner, guest, event } = await world();
    await ok(t, 'PUT', `/api/calender/modify-event/${scoped(event._id, mondays[1]!, 'this')}`, owner.token, {
      title: 'Moved',
      start: '2027-01-12T14:00:00Z',
      end: '2027-01-12T15:00:00Z',
    });
    const split = await ok<CalendarEvent>(
      t,
      'PUT',
      `/api/calender/modify-event/${scoped(event._id, mondays[3]!, 'following')}`,
      owner.token,
      { title: 'Review, new format' },
    );
    expect(split._id).not.toBe(event._id);
    expect(split).toMatchObject({ start: mondays[3], recurrence: 'FREQ=WEEKLY;COUNT=3', guests: [guest.id] });
    const expected = [
      [event._id, 'Review', mondays[0], mondays[0], false],
      [event._id, 'Moved', '2027-01-12T14:00:00.000Z', mondays[1], true],
      [event._id, 'Review', mondays[2], mondays[2], false],
      ...mondays.slice(3).map((monday) => [split._id, 'Review, new format', monday, monday, false]),
    ];
    expect((await range(owner)).map(brief)).toEqual(expected);
    expect((await range(guest)).map(brief)).toEqual(expected);

    // Deleting "this and following" from the last but one ends the new series there.
    await ok(
      t,
      'DELETE',
      `/api/calender/${scoped(split._id, mondays[4]!, 'following')}`,
      owner.token,
      undefined,
      204,
    );
    expect((await range(owner)).map((o) => o.start)).toEqual([
      mondays[0],
      '2027-01-12T14:00:00.000Z',
      mondays[2],
      mondays[3],
    ]);
  });

  it('from the first occurrence is the whole series', async () => {
    const { owner, event } = await world();
    await ok(
      t,
      'DELETE',
      `/api/calender/${scoped(event._id, mondays[0]!, 'following')}`,
      owner.token,
      undefined,
      204,
    );
    expect(await range(owner)).toEqual([]);
    expectError(await call(t, 'GET', `/api/calender/events/${event._id}`, owner.token), 404, 'NOT_FOUND');
  });
});

describe('all events', () => {
  it('keeps the overrides whose original start remains, and drops the others', async () => {
    const { owner, event } = await world();
    await moveSecondDeleteThird(owner, event._id, { title: 'Moved' });
    await ok(t, 'PUT', `/api/calender/modify-event/${event._id}?scope=all`, owner.token, {
      title: 'Weekly review',
    });
    expect((await range(owner)).map((o) => [o.title, o.start])).toEqual([
      ['Weekly review', mondays[0]],
      ['Moved', '2027-01-12T14:00:00.000Z'],
      ...[3, 4, 5].map((index) => ['Weekly review', mondays[index]]),
    ]);
    // An hour later: no original start remains, so the override and the exclusion go.
    await ok(t, 'PUT', `/api/calender/modify-event/${event._id}`, owner.token, {
      start: '2027-01-04T11:00:00+01:00',
      end: '2027-01-04T12:00:00+01:00',
    });
    expect((await range(owner)).map((o) => [o.title, o.start, o.exception])).toEqual(
      mondays.map((monday) => ['Weekly review', monday.replace('T09:', 'T10:'), false]),
    );
    expect(
      await t.database.db
        .selectFrom('event_exceptions')
        .selectAll()
        .where('event_id', '=', Number(event._id))
        .execute(),
    ).toEqual([]);
  });
});

describe('everywhere an occurrence counts', () => {
  it('free times leave out the moved occurrence at its new time, and free its old time and an excluded one', async () => {
    const { owner, friend, event } = await world();
    await moveSecondDeleteThird(owner, event._id);
    const times = await ok<AvailableTimes>(t, 'POST', '/api/meetings/available-times', friend.token, {
      startDate: '2027-01-11',
      endDate: '2027-01-25',
      duration: 60,
      step: 60,
      invitees: [owner.id],
    });
    const starts = new Set(times.data.flatMap((day) => day.times));
    expect(starts.has('2027-01-11T09:00:00.000Z')).toBe(true); // moved away
    expect(starts.has('2027-01-12T14:00:00.000Z')).toBe(false); // moved there
    expect(starts.has('2027-01-12T13:00:00.000Z')).toBe(true);
    expect(starts.has('2027-01-12T15:00:00.000Z')).toBe(true);
    expect(starts.has('2027-01-18T09:00:00.000Z')).toBe(true); // excluded
    expect(starts.has('2027-01-25T09:00:00.000Z')).toBe(false); // as the rule says
  });

  it('reminders fire for an override at its new time, with its own reminder, and not for an exclusion', async () => {
    const { owner, event } = await world({ reminder: 15 });
    await moveSecondDeleteThird(owner, event._id, { reminder: 60, title: 'Moved review' });
    const next = async () =>
      (await t.database.db
        .selectFrom('reminders')
        .select(['fire_at', 'occurrence_at'])
        .where('kind', '=', 'event')
        .where('source_id', '=', Number(event._id))
        .where('user_id', '=', Number(owner.id))
        .executeTakeFirst()) ?? null;
    expect(await next()).toEqual({ fire_at: '2027-01-04T08:45:00.000Z', occurrence_at: mondays[0] });
    expect(await reminders.fireDue(Date.parse('2027-01-04T08:45:01Z'))).toBe(2); // owner and guest
    // The next is the override, an hour before its new time; then, past the exclusion, the 25th.
    expect(await next()).toEqual({
      fire_at: '2027-01-12T13:00:00.000Z',
      occurrence_at: '2027-01-12T14:00:00.000Z',
    });
    expect(await reminders.fireDue(Date.parse('2027-01-11T08:45:01Z'))).toBe(0);
    expect(await reminders.fireDue(Date.parse('2027-01-12T13:00:01Z'))).toBe(2);
    // Told by the occurrence's own title, in the bell and by mail.
    const told = await t.database.db
      .selectFrom('notifications')
      .select('title')
      .where('kind', '=', 'event')
      .where('source_id', '=', Number(event._id))
      .where('occurrence_at', '=', '2027-01-12T14:00:00.000Z')
      .execute();
    expect(told.map((row) => row.title)).toEqual(['Moved review', 'Moved review']);
    await expect
      .poll(() => inbox.allTo(owner.email).some((mail) => mail.subject.startsWith('Reminder: Moved review')))
      .toBe(true);
    expect(await next()).toEqual({ fire_at: '2027-01-25T08:45:00.000Z', occurrence_at: mondays[3] });
    expect(await reminders.fireDue(Date.parse('2027-01-18T08:45:01Z'))).toBe(0);
  });

  it('the feed writes the exclusion as EXDATE and the override as a VEVENT with RECURRENCE-ID', async () => {
    const { owner, event } = await world();
    await moveSecondDeleteThird(owner, event._id, { title: 'Moved' });
    const feed = await ok<CalendarFeed>(t, 'POST', '/api/calender/feed', owner.token, {}, 201);
    const ics = (await call(t, 'GET', new URL(feed.url).pathname)).body;
    const root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
    for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const vevents = root.getAllSubcomponents('vevent');
    const master = vevents.find((v) => !v.hasProperty('recurrence-id'))!;
    const instance = vevents.find((v) => v.hasProperty('recurrence-id'))!;
    expect(master.getFirstPropertyValue('uid')).toBe(instance.getFirstPropertyValue('uid'));
    expect((master.getFirstPropertyValue('exdate') as ICAL.Time).toJSDate().toISOString()).toBe(mondays[2]);
    expect((instance.getFirstPropertyValue('recurrence-id') as ICAL.Time).toJSDate().toISOString()).toBe(
      mondays[1],
    );
    // ical.js, expanding the series with its exception, finds what the range read answers.
    const series = new ICAL.Event(master);
    series.relateException(instance);
    const iterator = series.iterator();
    const found: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = series.getOccurrenceDetails(next);
      found.push(`${details.item.summary} ${details.startDate.toJSDate().toISOString()}`);
    }
    expect(found).toEqual((await range(owner)).map((o) => `${o.title} ${new Date(o.start).toISOString()}`));
  });
});
