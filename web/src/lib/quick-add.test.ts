import { afterEach, describe, expect, it } from 'vitest';
import { formatQuickAddWhen, parseQuickAdd } from './quick-add';

/** Wednesday 25 March 2026, 11:00 in Paris (still winter time: summer time starts on Sunday 29). */
const now = new Date('2026-03-25T10:00:00.000Z');
const paris = { timeZone: 'Europe/Paris', now };

describe('parseQuickAdd', () => {
  const browserZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = browserZone;
  });

  it('reads "tomorrow 3pm" in English, on the user’s wall clock', () => {
    expect(parseQuickAdd('Call Maria tomorrow 3pm', { language: 'en', ...paris })).toEqual({
      title: 'Call Maria',
      when: { start: '2026-03-26T14:00:00.000Z', allDay: false, date: '2026-03-26', time: '15:00' },
      match: { index: 11, text: 'tomorrow 3pm' },
    });
  });

  it('reads French, German and Portuguese', () => {
    const expected = { start: '2026-03-26T14:00:00.000Z', allDay: false, date: '2026-03-26', time: '15:00' };
    const fr = parseQuickAdd('Appeler Marie demain 15h', { language: 'fr', ...paris });
    expect(fr).toMatchObject({ title: 'Appeler Marie', when: expected, match: { text: 'demain 15h' } });
    const de = parseQuickAdd('Maria anrufen morgen 15 Uhr', { language: 'de', ...paris });
    expect(de).toMatchObject({ title: 'Maria anrufen', when: expected, match: { text: 'morgen 15 Uhr' } });
    const pt = parseQuickAdd('Ligar para Maria amanhã 15h', { language: 'pt', ...paris });
    expect(pt).toMatchObject({ title: 'Ligar para Maria', when: expected, match: { text: 'amanhã 15h' } });
    expect(parseQuickAdd('Ligar para Maria amanhã às 9h30', { language: 'pt', ...paris })).toMatchObject({
      title: 'Ligar para Maria',
      when: { date: '2026-03-26', time: '09:30' },
    });
  });

  it('reads a weekday as the next one', () => {
    expect(parseQuickAdd('Call Maria friday 3pm', { language: 'en', ...paris })).toMatchObject({
      title: 'Call Maria',
      when: { start: '2026-03-27T14:00:00.000Z', allDay: false, date: '2026-03-27', time: '15:00' },
      match: { text: 'friday 3pm' },
    });
  });

  it('makes a day without a time all-day, from 00:00 in the time zone', () => {
    expect(parseQuickAdd('Dentist, on friday', { language: 'en', ...paris })).toMatchObject({
      title: 'Dentist',
      when: { start: '2026-03-26T23:00:00.000Z', allDay: true, date: '2026-03-27', time: null },
    });
  });

  it('keeps a text without a date whole', () => {
    expect(parseQuickAdd('  Buy 2 apples ', { language: 'en', ...paris })).toEqual({
      title: 'Buy 2 apples',
      when: null,
      match: null,
    });
    expect(parseQuickAdd('Acheter du pain', { language: 'fr', ...paris }).match).toBeNull();
    // Only a date: nothing would be left for the title.
    expect(parseQuickAdd('tomorrow', { language: 'en', ...paris }).when).toBeNull();
  });

  it('reads in the user’s zone, not the browser’s', () => {
    // 20:00 UTC on Wednesday is 05:00 on Thursday in Tokyo: tomorrow there is Friday.
    const late = new Date('2026-03-25T20:00:00.000Z');
    for (const zone of ['UTC', 'America/Los_Angeles']) {
      process.env.TZ = zone;
      expect(
        parseQuickAdd('Call Maria tomorrow 3pm', { language: 'en', timeZone: 'Asia/Tokyo', now: late }).when,
      ).toEqual({ start: '2026-03-27T06:00:00.000Z', allDay: false, date: '2026-03-27', time: '15:00' });
    }
  });

  it('gives a day after the DST change that day’s offset', () => {
    // Sunday 29 March: Paris moves to UTC+2 at 02:00.
    expect(parseQuickAdd('Brunch sunday 11am', { language: 'en', ...paris }).when).toMatchObject({
      start: '2026-03-29T09:00:00.000Z',
      time: '11:00',
    });
    expect(parseQuickAdd('Brunch dimanche 11h', { language: 'fr', ...paris }).when).toMatchObject({
      start: '2026-03-29T09:00:00.000Z',
    });
    // Saturday is still winter time.
    expect(parseQuickAdd('Brunch saturday 11am', { language: 'en', ...paris }).when?.start).toBe(
      '2026-03-28T10:00:00.000Z',
    );
  });

  it('reads English for another language', () => {
    expect(parseQuickAdd('Call Maria tomorrow', { language: 'es', ...paris }).when?.date).toBe('2026-03-26');
  });
});

describe('formatQuickAddWhen', () => {
  const when = { start: '2026-03-27T14:00:00.000Z', allDay: false, date: '2026-03-27', time: '15:00' };

  it('shows the day, with the time in the time zone when asked', () => {
    expect(formatQuickAddWhen(when, 'en', 'Europe/Paris', false)).toBe('Fri, Mar 27');
    expect(formatQuickAddWhen(when, 'en', 'Europe/Paris', true)).toMatch(/^Fri, Mar 27.*03:00\sPM$/);
    expect(formatQuickAddWhen(when, 'de', 'Europe/Paris', true)).toMatch(/^Fr\., 27\. März.*15:00$/);
    expect(formatQuickAddWhen({ ...when, allDay: true, time: null }, 'fr', 'Asia/Tokyo', true)).toBe(
      'ven. 27 mars',
    );
  });
});
