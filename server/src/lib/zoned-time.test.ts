/**
 * dayStart against luxon's own answer (DateTime.fromISO(day, { zone })), every day of two years in
 * zones whose clocks change at midnight (the day then begins at 01:00), by half an hour, or not at
 * all. The day after is the next day's start — not luxon's plus({ days: 1 }), which keeps the wall
 * time: after a day that began at 01:00 it gives 01:00 of a day that has a midnight.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayStart } from './zoned-time';

const ZONES = [
  'UTC',
  'Europe/Paris',
  'America/New_York',
  'America/Santiago', // changes at 24:00 → 01:00: some days have no midnight
  'America/Havana', // changes at midnight
  'Asia/Beirut', // changes at midnight
  'Africa/Cairo', // changes at midnight (from 2023)
  'America/Sao_Paulo', // changed at midnight until 2019
  'Australia/Lord_Howe', // a half-hour change
  'Asia/Kathmandu',
  'Pacific/Apia',
];

const DAY_MS = 86_400_000;

function daysOf(year: number): string[] {
  const days: string[] = [];
  for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += DAY_MS) {
    days.push(new Date(ms).toISOString().slice(0, 10));
  }
  return days;
}

describe('dayStart', () => {
  it('is luxon’s start of the day, and of the day after, in every zone, every day of 2018 and 2026', () => {
    let gaps = 0;
    for (const zone of ZONES) {
      for (const day of [...daysOf(2018), ...daysOf(2026)]) {
        const luxonStart = DateTime.fromISO(day, { zone });
        expect(dayStart(day, zone), `${day} in ${zone}`).toBe(luxonStart.toMillis());
        const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
        expect(dayStart(day, zone, 1), `the day after ${day} in ${zone}`).toBe(
          DateTime.fromISO(next, { zone }).toMillis(),
        );
        if (luxonStart.hour !== 0) gaps += 1;
      }
    }
    // The zones above skip midnight on some days: the test covers them.
    expect(gaps).toBeGreaterThan(5);
  });

  it('refuses what is not a calendar day', () => {
    for (const value of ['2026-02-30', '2026-13-01', '2026-1-01', '', '2026-10-12T00:00']) {
      expect(() => dayStart(value, 'Europe/Paris'), value).toThrow(RangeError);
    }
  });
});
