import { BOOKING_RANGE_MAX_DAYS, isBookingRange } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayToShow,
  daysInMonth,
  firstDayOfWeek,
  formatBookingTime,
  formatClock,
  formatDuration,
  formatMonth,
  lastBookableMonth,
  monthGrid,
  monthRange,
  timesByDay,
  todayIn,
  weekdayNames,
} from './booking-calendar';

describe('booking calendar', () => {
  it('reads today in the visitor’s zone', () => {
    const now = Date.parse('2026-03-01T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-03-01');
    expect(todayIn('Europe/Paris', now)).toBe('2026-03-02');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-03-01');
  });

  it('stops the month arrows at the type’s last bookable day', () => {
    expect(lastBookableMonth('2026-11-26', 60)).toBe('2027-01');
    expect(lastBookableMonth('2026-11-26', 5)).toBe('2026-11');
    expect(lastBookableMonth('2026-11-26', 6)).toBe('2026-12');
    expect(lastBookableMonth('2026-11-26', 365)).toBe('2027-11');
  });

  it('moves days and months across years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', 14)).toBe('2027-07');
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2026-12')).toBe(31);
  });

  it('asks for the month from today, never the past, within the contract’s range', () => {
    expect(monthRange('2026-03', '2026-03-17')).toEqual({ start: '2026-03-17', end: '2026-03-31' });
    expect(monthRange('2026-04', '2026-03-17')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(monthRange('2026-03', '2026-03-31')).toEqual({ start: '2026-03-31', end: '2026-03-31' });
    expect(monthRange('2026-02', '2026-03-17')).toBeNull();
    for (const month of ['2026-01', '2026-02', '2028-02', '2026-12']) {
      const range = monthRange(month, '2000-01-01')!;
      expect(isBookingRange(range.start, range.end)).toBe(true);
      const days = (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000 + 1;
      expect(days).toBeLessThanOrEqual(BOOKING_RANGE_MAX_DAYS);
    }
  });

  it('lays a month out in weeks from the language’s first weekday', () => {
    // 1 March 2026 is a Sunday.
    const fromMonday = monthGrid('2026-03', 1);
    expect(fromMonday[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(fromMonday.at(-1)).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    const fromSunday = monthGrid('2026-03', 0);
    expect(fromSunday[0]![0]).toBe('2026-03-01');
    expect(fromSunday).toHaveLength(5);
    for (const grid of [fromMonday, fromSunday, monthGrid('2026-02', 0), monthGrid('2028-02', 6)]) {
      expect(grid.every((week) => week.length === 7)).toBe(true);
    }
    expect(monthGrid('2028-02', 6).flat().filter(Boolean)).toHaveLength(29);
  });

  it('names the weekdays in the grid’s order', () => {
    expect(weekdayNames('en', 0)[0]).toBe('Sun');
    expect(weekdayNames('en', 1)[0]).toBe('Mon');
    expect(weekdayNames('de', 1, 'long')[6]).toBe('Sonntag');
    expect([0, 1, 6]).toContain(firstDayOfWeek('en'));
    expect(firstDayOfWeek('fr')).toBe(1);
    expect(firstDayOfWeek('de')).toBe(1);
  });

  it('writes months, times and bookings in the visitor’s zone and language', () => {
    expect(formatMonth('2026-03', 'fr')).toBe('mars 2026');
    expect(formatClock('2026-03-02T08:00:00.000Z', 'Europe/Paris', 'de')).toBe('09:00');
    expect(formatClock('2026-03-02T08:00:00.000Z', 'America/New_York', 'en')).toBe('3:00 AM');
    const text = formatBookingTime(
      '2026-03-02T08:00:00.000Z',
      '2026-03-02T08:30:00.000Z',
      'Asia/Tokyo',
      'en',
    );
    expect(text).toContain('5:00');
    expect(text).toContain('5:30');
    expect(text).toContain('March');
    expect(formatDuration(30, 'en')).toBe('30 min');
    expect(formatDuration(90, 'en')).toBe('1 hr 30 min');
    expect(formatDuration(120, 'en')).toBe('2 hr');
  });

  it('groups the server’s times by day, leaving out days with none', () => {
    const byDay = timesByDay([
      { date: '2026-03-03', times: ['2026-03-03T10:00:00.000Z', '2026-03-03T09:00:00.000Z'] },
      { date: '2026-03-02', times: [] },
      { date: '2026-03-04', times: ['2026-03-04T09:00:00.000Z'] },
    ]);
    expect([...byDay.keys()]).toEqual(['2026-03-03', '2026-03-04']);
    expect(byDay.get('2026-03-03')).toEqual(['2026-03-03T09:00:00.000Z', '2026-03-03T10:00:00.000Z']);
    expect(dayToShow(byDay, null)).toBe('2026-03-03');
    expect(dayToShow(byDay, '2026-03-04')).toBe('2026-03-04');
    expect(dayToShow(byDay, '2026-03-02')).toBe('2026-03-03');
    expect(dayToShow(new Map(), '2026-03-02')).toBeNull();
  });
});
