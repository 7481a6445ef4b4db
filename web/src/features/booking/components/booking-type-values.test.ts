/**
 * The booking-type form's pure parts: the link's name suggested from a title (always one the
 * contract accepts), the form's values for a new or an existing type (exactly a BookingTypeInput),
 * and the mappings of the hosts' choice and the notice's unit.
 */
import { type BookingType, bookingSlug, bookingTypeInput } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  bookingTypeValues,
  hostsChoice,
  hostsOf,
  ME,
  newBookingType,
  noticeUnitOf,
  numberOf,
  SLUG_MAX,
  suggestSlug,
} from './booking-type-values';

const existing: BookingType = {
  _id: '7',
  slug: 'team-call',
  title: 'Team call',
  description: 'A word',
  duration: 45,
  bufferBefore: 10,
  bufferAfter: 5,
  minNotice: 90,
  maxPerDay: 3,
  rangeDays: 30,
  location: 'https://meet.example/abc',
  hosts: { mode: 'round-robin', group: '12' },
  path: '/book/ana/team-call',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('suggestSlug', () => {
  it.each([
    ['Intro call', 'intro-call'],
    ['Café à 2 — 30 min', 'cafe-a-2-30-min'],
    ['  --Déjà vu!!  ', 'deja-vu'],
    ['Straße Gespräch', 'strasse-gesprach'],
    ['Reunião de 15 minutos', 'reuniao-de-15-minutos'],
    ['日本語', ''],
    ['', ''],
  ])('suggests %j → %j', (title, slug) => {
    expect(suggestSlug(title)).toBe(slug);
  });

  it('keeps within the length and never ends on a hyphen once cut', () => {
    const slug = suggestSlug(`${'a'.repeat(SLUG_MAX - 1)} bcd`);
    expect(slug).toBe('a'.repeat(SLUG_MAX - 1));
    expect(suggestSlug('x'.repeat(100))).toHaveLength(SLUG_MAX);
  });

  it('suggests only slugs the contract accepts (or nothing)', () => {
    const titles = [
      'A',
      'a-b',
      '1 2 3',
      'Ünïcödé tïtlé',
      `${'word '.repeat(30)}`,
      '-x-',
      'Ça & là',
      'ÆØÅ æøå',
    ];
    for (const title of titles) {
      const slug = suggestSlug(title);
      if (slug !== '') expect(bookingSlug.safeParse(slug).success, `${title} → ${slug}`).toBe(true);
    }
  });
});

describe('the form’s values', () => {
  it('starts a new type from the contract’s defaults, half an hour long', () => {
    const values = bookingTypeValues(null);
    expect(values).toEqual(newBookingType);
    // The defaults are the schema's: what the server fills in for a field left out.
    const parsed = bookingTypeInput.parse({ slug: 'x', title: 'X', duration: 30 });
    expect({ ...values, slug: 'x', title: 'X' }).toEqual(parsed);
    // Each opening gets its own copy.
    values.hosts.mode = 'collective';
    expect(newBookingType.hosts.mode).toBe('alone');
  });

  it('reads an existing type back as exactly the input that would save it', () => {
    const values = bookingTypeValues(existing);
    expect(Object.keys(values).sort()).toEqual(Object.keys(bookingTypeInput.shape).sort());
    expect(bookingTypeInput.parse(values)).toEqual(values);
    expect(values).toMatchObject({
      slug: 'team-call',
      maxPerDay: 3,
      hosts: { mode: 'round-robin', group: '12' },
    });
  });

  it('maps the hosts’ choice both ways', () => {
    expect(hostsChoice({ mode: 'alone', group: null })).toEqual({ who: ME, groupMode: 'collective' });
    expect(hostsChoice({ mode: 'round-robin', group: '12' })).toEqual({
      who: '12',
      groupMode: 'round-robin',
    });
    expect(hostsOf(ME, 'round-robin')).toEqual({ mode: 'alone', group: null });
    expect(hostsOf('12', 'collective')).toEqual({ mode: 'collective', group: '12' });
    for (const hosts of [
      { mode: 'alone', group: null },
      { mode: 'collective', group: '3' },
      { mode: 'round-robin', group: '4' },
    ] as const) {
      const { who, groupMode } = hostsChoice(hosts);
      expect(hostsOf(who, groupMode)).toEqual(hosts);
    }
  });

  it('shows the notice in hours when it is whole hours', () => {
    expect(noticeUnitOf(240)).toBe('hours');
    expect(noticeUnitOf(90)).toBe('minutes');
    expect(noticeUnitOf(0)).toBe('minutes');
  });

  it('reads an emptied number field as refused, or as the optional field’s empty', () => {
    expect(numberOf(15)).toBe(15);
    expect(numberOf('15')).toBe(15);
    expect(numberOf('')).toBeNaN();
    expect(numberOf('', null)).toBeNull();
    expect(
      bookingTypeInput.safeParse({ ...bookingTypeValues(existing), duration: numberOf('') }).success,
    ).toBe(false);
    expect(
      bookingTypeInput.safeParse({ ...bookingTypeValues(existing), maxPerDay: numberOf('', null) }).success,
    ).toBe(true);
  });
});
