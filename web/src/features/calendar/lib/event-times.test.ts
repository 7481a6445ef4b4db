import { describe, expect, it } from 'vitest';
import {
  addDays,
  type Delta,
  fromWallTime,
  monthGridRange,
  shiftDay,
  shiftInstant,
  todayIn,
  toWallTime,
} from './event-times';

const delta = (change: Partial<Delta>): Delta => ({
  years: 0,
  months: 0,
  days: 0,
  milliseconds: 0,
  ...change,
});

describe('wall times', () => {
  it('shows an instant in the time zone and reads it back', () => {
    expect(toWallTime('2026-07-01T08:30:00.000Z', 'Europe/Berlin')).toEqual({
      date: '2026-07-01',
      time: '10:30',
    });
    expect(toWallTime('2026-01-01T23:30:00Z', 'America/New_York')).toEqual({
      date: '2026-01-01',
      time: '18:30',
    });
    expect(fromWallTime({ date: '2026-07-01', time: '10:30' }, 'Europe/Berlin')).toBe(
      '2026-07-01T08:30:00.000Z',
    );
    expect(fromWallTime({ date: '2026-01-01', time: '00:00' }, 'UTC')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('takes the later hour in a skipped one', () => {
    expect(fromWallTime({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin')).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('knows today in a time zone', () => {
    const now = Date.parse('2026-05-04T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-05-04');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-05-05');
  });
});

describe('moving a series', () => {
  it('keeps the wall clock across a change of daylight saving time', () => {
    // Friday 10:00 in Berlin (CET) moved three days on: Monday 10:00 (CEST).
    expect(shiftInstant('2026-03-27T09:00:00.000Z', delta({ days: 3 }), 'Europe/Berlin')).toBe(
      '2026-03-30T08:00:00.000Z',
    );
  });

  it('adds hours and minutes as a duration', () => {
    expect(shiftInstant('2026-05-04T09:00:00Z', delta({ days: -1, milliseconds: 5_400_000 }), 'UTC')).toBe(
      '2026-05-03T10:30:00.000Z',
    );
  });

  it('moves an all-day event by days', () => {
    expect(shiftDay('2026-05-04T00:00:00.000Z', delta({ days: 2 }))).toBe('2026-05-06');
    expect(shiftDay('2026-01-31T00:00:00.000Z', delta({ months: 1 }))).toBe('2026-02-28');
  });
});

describe('monthGridRange', () => {
  it('starts on the week’s first day and shows six weeks', () => {
    // May 2026 begins on a Friday.
    expect(monthGridRange('2026-05-17', 0)).toEqual({ start: '2026-04-26', end: '2026-06-07' });
    expect(monthGridRange('2026-05-17', 1)).toEqual({ start: '2026-04-27', end: '2026-06-08' });
    // February 2026 begins on a Sunday.
    expect(monthGridRange('2026-02-10', 0)).toEqual({ start: '2026-02-01', end: '2026-03-15' });
    expect(monthGridRange('2026-02-10', 1)).toEqual({ start: '2026-01-26', end: '2026-03-09' });
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
