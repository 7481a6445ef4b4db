import { describe, expect, it } from 'vitest';
import { formatBookingTime } from './booking-time';

describe('formatBookingTime', () => {
  it('writes the day once and the hours in the host’s zone', () => {
    const text = formatBookingTime(
      '2026-03-30T07:00:00.000Z',
      '2026-03-30T07:30:00.000Z',
      'Europe/Paris',
      'en',
    );
    expect(text).toContain('Mar');
    expect(text).toContain('9:00');
    expect(text).toContain('9:30');
    expect(text.match(/2026/g)).toHaveLength(1);
  });

  it('follows the zone across midnight', () => {
    const text = formatBookingTime(
      '2026-03-30T23:30:00.000Z',
      '2026-03-31T00:30:00.000Z',
      'America/New_York',
      'en',
    );
    expect(text).toContain('7:30');
    expect(text).toContain('8:30');
    expect(text).toContain('30');
  });
});
