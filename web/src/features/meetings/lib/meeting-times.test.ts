import { describe, expect, it } from 'vitest';
import { addDays, formatMeetingTime, isWebLink, splitMinutes, todayIn, upcomingTimes } from './meeting-times';

describe('meeting times', () => {
  it('reads today in the account’s time zone, not the browser’s', () => {
    const now = Date.parse('2026-03-01T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-03-01');
    expect(todayIn('Europe/Paris', now)).toBe('2026-03-02');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-03-01');
  });

  it('offers only the times still ahead, dropping the days left empty', () => {
    const days = [
      { date: '2026-03-02', times: ['2026-03-02T08:00:00.000Z', '2026-03-02T09:00:00.000Z'] },
      { date: '2026-03-03', times: ['2026-03-03T08:00:00.000Z'] },
    ];
    expect(upcomingTimes(days, Date.parse('2026-03-02T08:00:00Z'))).toEqual([
      { date: '2026-03-02', times: ['2026-03-02T09:00:00.000Z'] },
      { date: '2026-03-03', times: ['2026-03-03T08:00:00.000Z'] },
    ]);
    expect(upcomingTimes(days, Date.parse('2026-03-02T10:00:00Z'))).toEqual([days[1]]);
  });

  it('moves a day across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-25', 13)).toBe('2027-01-07');
  });

  it('writes a start and its end in the given zone', () => {
    const text = formatMeetingTime(
      '2026-03-02T08:00:00.000Z',
      '2026-03-02T08:30:00.000Z',
      'Europe/Paris',
      'en',
    );
    expect(text).toContain('9:00');
    expect(text).toContain('9:30');
  });

  it('links only web addresses', () => {
    expect(isWebLink('https://meet.example.com/abc')).toBe(true);
    expect(isWebLink('http://example.com')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('Room 4')).toBe(false);
  });

  it('splits minutes into hours and minutes', () => {
    expect(splitMinutes(90)).toEqual({ hours: 1, minutes: 30 });
    expect(splitMinutes(45)).toEqual({ hours: 0, minutes: 45 });
  });
});
