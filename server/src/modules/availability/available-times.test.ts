/** POST /api/meetings/available-times (D23, D33) through HTTP: hours, zones, events, guests, refusals. */
import { type AvailableTimes, messages } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  answerInvitation,
  befriend,
  buildEvent,
  buildGroup,
  buildMeeting,
  buildUser,
  buildUserInZone,
  call,
  expectError,
  expectSignInRequired,
  ok,
  type TestUser,
} from '../../test/factories';
import { anotherInstance, fingerprint, useTestApp } from '../../test/harness';

const t = useTestApp();

/** A in Paris and B in New York, friends, both on D22's default hours. */
async function parisAndNewYork(): Promise<[TestUser, TestUser]> {
  const [a, b] = [await buildUserInZone(t, 'Europe/Paris'), await buildUserInZone(t, 'America/New_York')];
  await befriend(t, a, b);
  return [a, b];
}

function find(user: TestUser, body: Record<string, unknown>): Promise<AvailableTimes> {
  return ok<AvailableTimes>(t, 'POST', '/api/meetings/available-times', user.token, body);
}

const monday = { startDate: '2027-01-11', endDate: '2027-01-11', duration: 60, step: 30 };

describe('without a token', () => {
  it('answers 401 and changes nothing', async () => {
    await expectSignInRequired(t, 'POST', '/api/meetings/available-times', { ...monday, invitees: [] });
  });
});

describe('POST /api/meetings/available-times', () => {
  it('answers the hours both work, in the caller’s dates, and only those', async () => {
    const [a, b] = await parisAndNewYork();
    // 09:00–17:00 in New York is 14:00–22:00Z, in Paris 08:00–16:00Z: an hour fits at 14:00, 14:30, 15:00Z.
    expect(await find(a, { ...monday, invitees: [b.id] })).toEqual({
      timeZone: 'Europe/Paris',
      data: [
        {
          date: '2027-01-11',
          times: ['2027-01-11T14:00:00.000Z', '2027-01-11T14:30:00.000Z', '2027-01-11T15:00:00.000Z'],
        },
      ],
    });
    // Alone, A has the whole working day on the 15-minute grid by default.
    const alone = await find(a, { startDate: '2027-01-11', endDate: '2027-01-12', duration: 30 });
    expect(alone.data.map((day) => [day.date, day.times.length])).toEqual([
      ['2027-01-11', 31],
      ['2027-01-12', 31],
    ]);
  });

  it('leaves out the times of anyone’s events: their own, repeating ones, those they are a guest of, all-day ones', async () => {
    const [a, b] = await parisAndNewYork();
    const c = await buildUser(t);
    await befriend(t, c, a);
    await buildEvent(t, b, { title: 'B busy', start: '2027-01-11T14:00:00Z', end: '2027-01-11T14:30:00Z' });
    await buildEvent(t, c, {
      title: 'C’s, with A',
      start: '2027-01-11T15:30:00Z',
      end: '2027-01-11T16:00:00Z',
      guests: [a.id],
    });
    expect((await find(a, { ...monday, invitees: [b.id] })).data).toEqual([
      { date: '2027-01-11', times: ['2027-01-11T14:30:00.000Z'] },
    ]);
    // A weekly stand-up of B's, 09:30 New York on Mondays from December: 14:30Z that day.
    await buildEvent(t, b, {
      title: 'Stand-up',
      start: '2026-12-07T09:30:00-05:00',
      end: '2026-12-07T09:45:00-05:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    });
    expect((await find(a, { ...monday, invitees: [b.id] })).data).toEqual([]);
    // An all-day event fills B's whole day in New York.
    await buildEvent(t, b, { title: 'Off', allDay: true, start: '2027-01-12', end: '2027-01-12' });
    const tuesday = await find(a, {
      ...monday,
      startDate: '2027-01-12',
      endDate: '2027-01-12',
      invitees: [b.id],
    });
    expect(tuesday.data).toEqual([]);
    // The answer holds times only: no title, no event of anyone's.
    const text = JSON.stringify(await find(a, { ...monday, invitees: [b.id], endDate: '2027-01-13' }));
    expect(text).not.toMatch(/busy|Stand-up|Off|C’s/);
  });

  it('sees each change to anyone’s calendar at once: an event added, moved, deleted; a meeting accepted', async () => {
    const [a, b] = await parisAndNewYork();
    const times = async () =>
      (await find(a, { ...monday, invitees: [b.id] })).data.flatMap((day) => day.times);
    const all = ['2027-01-11T14:00:00.000Z', '2027-01-11T14:30:00.000Z', '2027-01-11T15:00:00.000Z'];
    expect(await times()).toEqual(all);
    const event = await buildEvent(t, b, {
      title: 'New',
      start: '2027-01-11T14:00:00Z',
      end: '2027-01-11T14:30:00Z',
    });
    expect(await times()).toEqual(all.slice(1));
    await ok(t, 'PUT', `/api/calender/modify-event/${event._id}`, b.token, {
      start: '2027-01-11T15:30:00Z',
      end: '2027-01-11T16:00:00Z',
    });
    expect(await times()).toEqual(all.slice(0, 2));
    await call(t, 'DELETE', `/api/calender/${event._id}`, b.token);
    expect(await times()).toEqual(all);
    const c = await buildUserInZone(t, 'Europe/Paris');
    await befriend(t, c, b);
    const meeting = await buildMeeting(t, c, {
      name: 'C’s',
      duration: 30,
      startDate: '2027-01-11',
      endDate: '2027-01-11',
      invitees: [b.id],
      time: '2027-01-11T15:00:00Z',
    });
    expect(await times()).toEqual(all);
    await answerInvitation(t, b, meeting._id, 'accepted');
    expect(await times()).toEqual(all.slice(0, 1));
  });

  it('expands the caller’s groups and refuses a stranger or another’s group, changing nothing', async () => {
    const [a, b] = await parisAndNewYork();
    const group = await buildGroup(t, a, { members: [b] });
    expect((await find(a, { ...monday, groups: [group._id] })).data[0]!.times).toHaveLength(3);
    const stranger = await buildUser(t);
    const strangersGroup = await buildGroup(t, stranger);
    const before = await fingerprint(t.database);
    const refused = await call(t, 'POST', '/api/meetings/available-times', a.token, {
      ...monday,
      invitees: [stranger.id],
    });
    expect(expectError(refused, 400, 'VALIDATION_ERROR').fields?.invitees).toBe(
      messages['meetings.inviteeNotFriend'],
    );
    const other = await call(t, 'POST', '/api/meetings/available-times', a.token, {
      ...monday,
      groups: [strangersGroup._id],
    });
    expect(expectError(other, 400, 'VALIDATION_ERROR').fields?.groups).toBe(
      messages['meetings.groupUnknown'],
    );
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('answers [] when no time fits, and follows stored working hours', async () => {
    const [a, b] = await parisAndNewYork();
    await ok(t, 'PUT', '/api/working-hours', b.token, {
      data: [{ day: 'saturday', from: '10:00', to: '12:00' }],
    });
    expect(await find(a, { ...monday, invitees: [b.id] })).toEqual({
      timeZone: 'Europe/Paris',
      data: [],
      reason: 'noCommonWorkingHours',
    });
    await ok(t, 'PUT', '/api/working-hours', b.token, {
      data: [{ day: 'monday', from: '03:00', to: '04:00' }],
    });
    // 03:00–04:00 in New York is 08:00–09:00Z, 09:00–10:00 in Paris.
    expect((await find(a, { ...monday, invitees: [b.id] })).data).toEqual([
      { date: '2027-01-11', times: ['2027-01-11T08:00:00.000Z'] },
    ]);
  });

  it.each([
    [{ duration: 10 }, 'duration', 'meetings.durationInvalid'],
    [{ duration: 481 }, 'duration', 'meetings.durationInvalid'],
    [{ step: 3 }, 'step', 'meetings.stepInvalid'],
    [{ startDate: '2027-02-30' }, 'startDate', 'meetings.dateInvalid'],
    [{ endDate: '2027-01-10' }, 'endDate', 'meetings.rangeInvalid'],
    [{ endDate: '2027-04-13' }, 'endDate', 'meetings.rangeInvalid'],
    [
      { invitees: Array.from({ length: 51 }, (_, i) => String(i + 1)) },
      'invitees',
      'meetings.inviteesLength',
    ],
  ] as const)('refuses %j with 400 on fields.%s', async (change, field, key) => {
    const user = await buildUser(t);
    const response = await call(t, 'POST', '/api/meetings/available-times', user.token, {
      ...monday,
      ...change,
    });
    expect(expectError(response, 400, 'VALIDATION_ERROR').fields?.[field]).toBe(messages[key]);
  });
});

describe('kept busy times (D71)', () => {
  it('answer after each change to a calendar as an instance that keeps nothing does', async () => {
    const [a, b] = await parisAndNewYork();
    const c = await buildUserInZone(t, 'Europe/Lisbon');
    await befriend(t, a, c);
    const week = {
      startDate: '2027-01-11',
      endDate: '2027-01-15',
      duration: 30,
      step: 15,
      invitees: [b.id, c.id],
    };
    const answers: AvailableTimes[] = [];
    // Everyone works 14:00–16:00Z (Paris, New York, Lisbon in winter): each change below falls
    // there. The search as this instance answers it (keeping, then mending), and as a new one would.
    const same = async (what: string) => {
      const kept = await find(a, week);
      const fresh = await anotherInstance(t);
      try {
        const response = await fresh.inject({
          method: 'POST',
          url: '/api/meetings/available-times',
          headers: { authorization: `Bearer ${a.token}` },
          payload: week,
        });
        expect(response.statusCode, what).toBe(200);
        expect(kept, what).toEqual(response.json<AvailableTimes>());
      } finally {
        await fresh.close();
      }
      answers.push(kept);
    };
    await same('nothing yet');
    const single = await buildEvent(t, b, {
      title: 'Call',
      start: '2027-01-11T15:00:00Z',
      end: '2027-01-11T16:00:00Z',
    });
    await same('an event added');
    await ok(t, 'PUT', `/api/calender/modify-event/${single._id}`, b.token, {
      start: '2027-01-12T15:00:00Z',
      end: '2027-01-12T17:00:00Z',
    });
    await same('the event moved to another day');
    const series = await buildEvent(t, c, {
      title: 'Weekly',
      start: '2027-01-04T14:00:00Z',
      end: '2027-01-04T14:30:00Z',
      recurrence: 'FREQ=DAILY;COUNT=20',
    });
    await same('a series added');
    const thursday = encodeURIComponent('2027-01-14T14:00:00.000Z');
    expect(
      (await call(t, 'DELETE', `/api/calender/${series._id}?occurrence=${thursday}&scope=this`, c.token))
        .statusCode,
    ).toBe(204);
    await same('one occurrence taken out');
    const withB = await buildEvent(t, a, {
      title: 'With B',
      start: '2027-01-13T14:00:00Z',
      end: '2027-01-13T15:00:00Z',
      guests: [b.id],
    });
    await same('B a guest of A’s event');
    // Changed on both calendars: each person's kept times mended with their own changes.
    await ok(t, 'PUT', `/api/calender/modify-event/${withB._id}`, a.token, {
      start: '2027-01-14T15:00:00Z',
      end: '2027-01-14T15:30:00Z',
    });
    await same('A’s event with B moved');
    await ok(t, 'PUT', `/api/calender/modify-event/${withB._id}`, a.token, {
      guests: [],
      start: '2027-01-13T15:00:00Z',
      end: '2027-01-13T15:45:00Z',
    });
    await same('B no longer a guest, the event moved');
    await buildEvent(t, c, { title: 'Off', allDay: true, start: '2027-01-15', end: '2027-01-15' });
    await same('an all-day event');
    const meeting = await buildMeeting(t, a, {
      name: 'Planned',
      duration: 60,
      invitees: [b.id],
      time: '2027-01-11T14:00:00Z',
    });
    await same('a meeting at a time');
    expect((await call(t, 'DELETE', `/api/meetings/${meeting._id}`, a.token)).statusCode).toBe(204);
    await same('the meeting deleted');
    expect((await call(t, 'DELETE', `/api/calender/${single._id}`, b.token)).statusCode).toBe(204);
    await same('the event deleted');
    // Nor a calendar's: working hours and zones, which a kept answer is keyed by too.
    const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
    await ok(t, 'PUT', '/api/working-hours', b.token, {
      data: weekdays.map((day) => ({ day, from: '09:00', to: '10:00' })),
    });
    await same('B’s working hours shortened (14:00–15:00Z)');
    await ok(t, 'PUT', '/api/account', b.token, { timeZone: 'Europe/Lisbon' });
    await same('B’s zone changed (09:00–10:00Z)');
    // Each change changed the answer: the kept times were mended, not merely kept.
    for (let i = 1; i < answers.length; i += 1) expect(answers[i], `change ${i}`).not.toEqual(answers[i - 1]);
  });
});
