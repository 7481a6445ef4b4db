import { describe, expect, it } from 'vitest';
import { dayOf, formatAgo, formatListTime, localDay } from './chat-times';

const now = new Date(2026, 5, 30, 10, 0);
const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('chat times', () => {
  it('gives the local day of an instant', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('tells today, yesterday and earlier apart in local time, across a month', () => {
    expect(dayOf(at(2026, 5, 30, 0, 1), now)).toBe('today');
    expect(dayOf(at(2026, 5, 29, 23, 59), now)).toBe('yesterday');
    expect(dayOf(at(2026, 5, 28, 12, 0), now)).toBe('earlier');
    const first = new Date(2026, 6, 1, 8, 0);
    expect(dayOf(at(2026, 5, 30, 22, 0), first)).toBe('yesterday');
  });

  it('shows the time of a message of today and the date of an older one', () => {
    expect(formatListTime(at(2026, 5, 30, 9, 5), 'en-GB', now)).toBe('09:05');
    expect(formatListTime(at(2026, 5, 2, 9, 5), 'en-GB', now)).toBe('02/06/2026');
  });

  it('says how long ago in the language, a minute at least', () => {
    expect(formatAgo(at(2026, 5, 30, 9, 59), 'en', now)).toBe('1 minute ago');
    expect(formatAgo(new Date(now.getTime() + 5000).toISOString(), 'en', now)).toBe('1 minute ago');
    expect(formatAgo(at(2026, 5, 30, 7, 0), 'en', now)).toBe('3 hours ago');
    expect(formatAgo(at(2026, 5, 29, 9, 0), 'en', now)).toBe('yesterday');
    expect(formatAgo(at(2026, 5, 9, 10, 0), 'fr', now)).toBe('il y a 3 semaines');
  });
});
