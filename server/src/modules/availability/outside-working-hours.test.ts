/**
 * When no time falls in everyone's working hours (D23): the answer says why, and on request offers
 * the nearest times outside them, which a meeting may then take. New York and Tokyo on D22's
 * default hours (09:00–17:00) never overlap: 14:00–22:00Z against 00:00–08:00Z.
 */
import { type AvailableTimes, type Meeting } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  befriend,
  buildEvent,
  buildUserInZone,
  call,
  expectError,
  ok,
  type TestUser,
} from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

/** A in New York and B in Tokyo, friends, on D22's default hours. */
async function newYorkAndTokyo(): Promise<[TestUser, TestUser]> {
  const [a, b] = [await buildUserInZone(t, 'America/New_York'), await buildUserInZone(t, 'Asia/Tokyo')];
  await befriend(t, a, b);
  return [a, b];
}

function find(user: TestUser, body: Record<string, unknown>): Promise<AvailableTimes> {
  return ok<AvailableTimes>(t, 'POST', '/api/meetings/available-times', user.token, body);
}

// A Monday in New York; an hour on a half-hour grid.
const monday = { startDate: '2027-01-11', endDate: '2027-01-11', duration: 60, step: 30 };

describe('POST /api/meetings/available-times when no time is in everyone’s working hours', () => {
  it('says the working hours never overlap, and offers the nearest times outside them when asked', async () => {
    const [a, b] = await newYorkAndTokyo();
    expect(await find(a, { ...monday, invitees: [b.id] })).toEqual({
      timeZone: 'America/New_York',
      data: [],
      reason: 'noCommonWorkingHours',
    });
    // Widened by an hour and a half, New York's day ends at 23:30Z and Tokyo's Tuesday starts at
    // 22:30Z: 17:30 in New York, 07:30 in Tokyo, the only hour that needs no more.
    expect(await find(a, { ...monday, invitees: [b.id], outsideWorkingHours: true })).toEqual({
      timeZone: 'America/New_York',
      data: [{ date: '2027-01-11', times: ['2027-01-11T22:30:00.000Z'] }],
      reason: 'noCommonWorkingHours',
      outsideWorkingHoursBy: 90,
    });
    // Tokyo's side of the same search reads the same instant on its own Tuesday.
    const fromTokyo = await find(b, {
      startDate: '2027-01-12',
      endDate: '2027-01-12',
      duration: 60,
      step: 30,
      invitees: [a.id],
      outsideWorkingHours: true,
    });
    expect(fromTokyo).toMatchObject({ reason: 'noCommonWorkingHours', outsideWorkingHoursBy: 90 });
    expect(fromTokyo.data.flatMap((day) => day.times)).toContain('2027-01-11T22:30:00.000Z');
  });

  it('says everyone is busy when the hours overlap but are taken, and offers the times just around them', async () => {
    const a = await buildUserInZone(t, 'America/New_York');
    await buildEvent(t, a, { title: 'Workshop', start: '2027-01-11T14:00:00Z', end: '2027-01-11T22:00:00Z' });
    expect(await find(a, monday)).toEqual({ timeZone: 'America/New_York', data: [], reason: 'allBusy' });
    expect(await find(a, { ...monday, outsideWorkingHours: true })).toEqual({
      timeZone: 'America/New_York',
      data: [{ date: '2027-01-11', times: ['2027-01-11T13:00:00.000Z', '2027-01-11T22:00:00.000Z'] }],
      reason: 'allBusy',
      outsideWorkingHoursBy: 60,
    });
  });

  it('answers as before when times exist, whether or not outside times were asked for', async () => {
    const a = await buildUserInZone(t, 'America/New_York');
    const within = await find(a, monday);
    expect(within).not.toHaveProperty('reason');
    expect(within.data[0]?.times[0]).toBe('2027-01-11T14:00:00.000Z');
    expect(await find(a, { ...monday, outsideWorkingHours: true })).toEqual(within);
  });

  it('refuses a flag that is not a boolean with a 400 naming it', async () => {
    const a = await buildUserInZone(t, 'America/New_York');
    const response = await call(t, 'POST', '/api/meetings/available-times', a.token, {
      ...monday,
      outsideWorkingHours: 'yes',
    });
    expect(expectError(response, 400, 'VALIDATION_ERROR').fields).toHaveProperty('outsideWorkingHours');
  });
});

describe('a meeting at a time outside working hours', () => {
  it('is refused unless chosen as such, and then checked against busy times alone', async () => {
    const [a, b] = await newYorkAndTokyo();
    const meeting = {
      name: 'Planning across the Pacific',
      ...monday,
      invitees: [b.id],
      time: '2027-01-11T22:30:00.000Z',
    };
    expectError(await call(t, 'POST', '/api/meetings', a.token, meeting), 409, 'TIME_TAKEN');
    const made = await ok<Meeting>(
      t,
      'POST',
      '/api/meetings',
      a.token,
      { ...meeting, outsideWorkingHours: true },
      201,
    );
    expect(made.time).toBe('2027-01-11T22:30:00.000Z');

    // Moving it: outside working hours again only when said so; never onto someone's busy time.
    const later = { time: '2027-01-11T23:00:00.000Z' };
    expectError(await call(t, 'PUT', `/api/meetings/${made._id}`, a.token, later), 409, 'TIME_TAKEN');
    const moved = await ok<Meeting>(t, 'PUT', `/api/meetings/${made._id}`, a.token, {
      ...later,
      outsideWorkingHours: true,
    });
    expect(moved.time).toBe('2027-01-11T23:00:00.000Z');
    await buildEvent(t, b, {
      title: 'Breakfast',
      start: '2027-01-11T22:00:00Z',
      end: '2027-01-11T23:00:00Z',
    });
    expectError(
      await call(t, 'PUT', `/api/meetings/${made._id}`, a.token, {
        time: '2027-01-11T22:30:00.000Z',
        outsideWorkingHours: true,
      }),
      409,
      'TIME_TAKEN',
    );
  });
});
