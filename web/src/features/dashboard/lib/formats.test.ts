import { describe, expect, it } from 'vitest';
import { formatInstant, formatSpan, formatWeek } from './formats';

describe('dashboard formats', () => {
  it('writes a week by its Monday in the language, whatever the zone', () => {
    expect(formatWeek('2026-05-11', 'en-GB')).toBe('11 May');
    expect(formatWeek('2026-05-11', 'fr')).toBe('11 mai');
  });

  it('writes instants and spans in the user’s zone', () => {
    expect(formatInstant('2026-05-13T22:30:00.000Z', 'en-GB', 'Pacific/Auckland')).toBe('14 May 2026, 10:30');
    expect(formatInstant('2026-05-13T22:30:00.000Z', 'en-GB', 'America/Los_Angeles')).toBe(
      '13 May 2026, 15:30',
    );
    expect(formatSpan('2026-05-13T15:00:00.000Z', '2026-05-13T16:00:00.000Z', 'en-GB', 'UTC')).toMatch(
      /^Wed 13 May, 15:00\s*–\s*16:00$/,
    );
  });
});
