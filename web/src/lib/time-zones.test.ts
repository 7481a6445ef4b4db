import { describe, expect, it } from 'vitest';
import { matchesTimeZone, timeZoneOption, timeZoneOptions, timeZoneOptionsWith } from './time-zones';

// A winter day: New York on standard time (−05:00), Tokyo on its only one (+09:00).
const WINTER = Date.parse('2026-01-15T12:00:00Z');
const SUMMER = Date.parse('2026-07-15T12:00:00Z');

const find = (language: string, query: string, now = WINTER) =>
  timeZoneOptions(language, now)
    .filter((option) => matchesTimeZone(option, query, language))
    .map((option) => option.value);

describe('time-zone labels', () => {
  it('labels a zone with its offset of the day, its name in the language and its city', () => {
    expect(timeZoneOption('America/New_York', 'en', new Date(WINTER)).label).toBe(
      '(GMT−05:00) Eastern Time – New York',
    );
    expect(timeZoneOption('America/New_York', 'en', new Date(SUMMER)).label).toBe(
      '(GMT−04:00) Eastern Time – New York',
    );
    expect(timeZoneOption('America/New_York', 'fr', new Date(WINTER)).label).toBe(
      '(UTC−05:00) heure de l’Est nord-américain – New York',
    );
    expect(timeZoneOption('Asia/Kolkata', 'en', new Date(WINTER)).label).toBe(
      '(GMT+05:30) India Standard Time – Kolkata',
    );
    expect(timeZoneOption('UTC', 'en', new Date(WINTER)).label).toBe(
      '(GMT+00:00) Coordinated Universal Time – UTC',
    );
  });

  it('keeps the IANA id as the value, and lists every zone by offset, then name', () => {
    const options = timeZoneOptions('en', WINTER);
    expect(options.find((option) => option.label.endsWith('– New York'))?.value).toBe('America/New_York');
    expect(options.length).toBeGreaterThan(300);
    for (let index = 1; index < options.length; index += 1) {
      const [before, after] = [options[index - 1]!, options[index]!];
      expect(before.offset <= after.offset, `${before.label} before ${after.label}`).toBe(true);
      if (before.offset === after.offset)
        expect(before.label.localeCompare(after.label, 'en')).toBeLessThanOrEqual(0);
    }
    const newYork = options.findIndex((option) => option.value === 'America/New_York');
    const tokyo = options.findIndex((option) => option.value === 'Asia/Tokyo');
    expect(newYork).toBeLessThan(tokyo);
  });

  it('computes a language’s labels once, not per picker', () => {
    expect(timeZoneOptions('de', WINTER)).toBe(timeZoneOptions('de', WINTER + 1000));
  });

  it('finds a zone by city, by its name (in the language or in English) and by its IANA id', () => {
    expect(find('en', 'new york')).toEqual(['America/New_York']);
    expect(find('en', 'tokyo')).toEqual(['Asia/Tokyo']);
    expect(find('en', 'Eastern')).toContain('America/New_York');
    expect(find('en', 'Eastern')).toContain('America/Toronto');
    expect(find('en', 'America/New_York')).toEqual(['America/New_York']);
    expect(find('fr', 'new york')).toEqual(['America/New_York']);
    expect(find('fr', 'heure de l’est')).toContain('America/New_York');
    expect(find('fr', 'Eastern')).toContain('America/New_York');
    // Accents and case aside: "sao paulo" finds São Paulo, "zurich" Zürich.
    expect(find('pt', 'sao paulo')).toEqual(['America/Sao_Paulo']);
    expect(find('en', 'nothing like a zone')).toEqual([]);
  });

  it('keeps a stored zone the browser names differently as a choice', () => {
    const options = timeZoneOptionsWith('US/Eastern', 'en');
    expect(options[0]).toMatchObject({ value: 'US/Eastern' });
    expect(options[0]!.label).toMatch(/^\(GMT−0[45]:00\) Eastern Time – Eastern$/);
    expect(options.filter((option) => option.value === 'US/Eastern')).toHaveLength(1);
    expect(timeZoneOptionsWith('America/New_York', 'en')).toBe(timeZoneOptions('en'));
  });
});
