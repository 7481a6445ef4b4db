/** Working hours (D22, D32) through HTTP: the default, a replacement, the time zone, refusals. */
import { type Account, messages, type WorkingHours } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildUser, call, expectError, expectSignInRequired, ok } from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';

const t = useTestApp();

describe('without a token', () => {
  it.each([
    ['GET', undefined],
    ['PUT', { data: [] }],
    ['PUT', { data: 'nonsense' }],
  ] as const)('%s /api/working-hours answers 401 and changes nothing', async (method, payload) => {
    await expectSignInRequired(t, method, '/api/working-hours', payload);
  });
});

describe('/api/working-hours', () => {
  it('answers D22’s default until some are stored, then those, ordered, with the time zone', async () => {
    const user = await buildUser(t);
    expect(await ok<WorkingHours>(t, 'GET', '/api/working-hours', user.token)).toEqual({
      timeZone: 'UTC',
      isDefault: true,
      data: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
        day,
        from: '09:00',
        to: '17:00',
      })),
    });
    const saved = await ok<WorkingHours>(t, 'PUT', '/api/working-hours', user.token, {
      timeZone: 'America/Sao_Paulo',
      data: [
        { day: 'wednesday', from: '14:00', to: '18:00' },
        { day: 'monday', from: '21:00', to: '24:00' },
        { day: 'wednesday', from: '08:00', to: '12:00' },
        { day: 'sunday', from: '00:00', to: '24:00' },
      ],
    });
    expect(saved).toEqual({
      timeZone: 'America/Sao_Paulo',
      isDefault: false,
      data: [
        { day: 'monday', from: '21:00', to: '24:00' },
        { day: 'wednesday', from: '08:00', to: '12:00' },
        { day: 'wednesday', from: '14:00', to: '18:00' },
        { day: 'sunday', from: '00:00', to: '24:00' },
      ],
    });
    expect(await ok(t, 'GET', '/api/working-hours', user.token)).toEqual(saved);
    expect((await ok<Account>(t, 'GET', '/api/account', user.token)).timeZone).toBe('America/Sao_Paulo');
    // Touching intervals are allowed; an empty week is a choice, not the default.
    const touching = await ok<WorkingHours>(t, 'PUT', '/api/working-hours', user.token, {
      data: [
        { day: 'friday', from: '09:00', to: '12:00' },
        { day: 'friday', from: '12:00', to: '13:00' },
      ],
    });
    expect(touching.data).toHaveLength(2);
    expect(touching.timeZone).toBe('America/Sao_Paulo');
    expect(await ok(t, 'PUT', '/api/working-hours', user.token, { data: [] })).toMatchObject({
      data: [],
      isDefault: false,
    });
  });

  it.each([
    [[{ day: 'monday', from: '10:00', to: '09:00' }], 'data.0.to', 'meetings.hoursOrder'],
    [[{ day: 'monday', from: '10:00', to: '10:00' }], 'data.0.to', 'meetings.hoursOrder'],
    [
      [
        { day: 'tuesday', from: '09:00', to: '12:00' },
        { day: 'tuesday', from: '11:30', to: '13:00' },
      ],
      'data.1.from',
      'meetings.hoursOverlap',
    ],
    [[{ day: 'monday', from: '9:00', to: '12:00' }], 'data.0.from', 'meetings.hoursInvalid'],
    [[{ day: 'monday', from: '09:00', to: '24:30' }], 'data.0.to', 'meetings.hoursInvalid'],
    [[{ day: 'funday', from: '09:00', to: '12:00' }], 'data.0.day', 'meetings.dayInvalid'],
    [
      Array.from({ length: 51 }, (_, i) => ({
        day: 'monday',
        from: '00:00',
        to: `00:${String(i + 1).padStart(2, '0')}`,
      })),
      'data',
      'meetings.hoursLength',
    ],
  ] as const)('refuses %j with 400 on fields["%s"] and changes nothing', async (data, field, key) => {
    const user = await buildUser(t);
    const before = await fingerprint(t.database);
    const error = expectError(
      await call(t, 'PUT', '/api/working-hours', user.token, { data }),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.fields?.[field]).toBe(messages[key]);
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('refuses an unknown time zone and an unknown field', async () => {
    const user = await buildUser(t);
    const zone = await call(t, 'PUT', '/api/working-hours', user.token, {
      data: [],
      timeZone: 'Mars/Olympus',
    });
    expect(expectError(zone, 400, 'VALIDATION_ERROR').fields?.timeZone).toBe(
      messages['account.timeZoneInvalid'],
    );
    expectError(
      await call(t, 'PUT', '/api/working-hours', user.token, { data: [], user: '1' }),
      400,
      'VALIDATION_ERROR',
    );
    expect((await ok<WorkingHours>(t, 'GET', '/api/working-hours', user.token)).isDefault).toBe(true);
  });
});
