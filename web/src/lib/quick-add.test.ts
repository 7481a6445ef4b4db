import { afterEach, describe, expect, it } from 'vitest';
import { formatQuickAddTime, formatQuickAddWhen, parseQuickAdd } from './quick-add';

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
      unread: null,
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
      unread: null,
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

  it('reads English as well as the interface’s language, the longer reading first', () => {
    // French alone reads "3pm" only (today); English reads the whole "tomorrow 3pm".
    expect(parseQuickAdd('Call Maria tomorrow 3pm', { language: 'fr', ...paris })).toMatchObject({
      title: 'Call Maria',
      when: { date: '2026-03-26', time: '15:00' },
      match: { text: 'tomorrow 3pm' },
    });
    expect(parseQuickAdd('Anna anrufen next monday', { language: 'de', ...paris })).toMatchObject({
      title: 'Anna anrufen',
      when: { date: '2026-03-30', allDay: true },
    });
  });

  it('reads English for another language', () => {
    expect(parseQuickAdd('Call Maria tomorrow', { language: 'es', ...paris }).when?.date).toBe('2026-03-26');
  });
});

describe('names and words that look like short day names', () => {
  it('French: "Sam" is a name and "mer" the sea; "sam." and "sam 10h" are Saturday', () => {
    expect(parseQuickAdd('Déjeuner avec Sam vendredi 13h', { language: 'fr', ...paris })).toEqual({
      title: 'Déjeuner avec Sam',
      when: { start: '2026-03-27T12:00:00.000Z', allDay: false, date: '2026-03-27', time: '13:00' },
      match: { index: 18, text: 'vendredi 13h' },
      unread: null,
    });
    expect(parseQuickAdd('Vacances à la mer', { language: 'fr', ...paris })).toMatchObject({
      title: 'Vacances à la mer',
      when: null,
    });
    expect(parseQuickAdd('Jeu de société avec Mar', { language: 'fr', ...paris }).when).toBeNull();
    expect(parseQuickAdd('Cinéma sam. 20h', { language: 'fr', ...paris })).toMatchObject({
      title: 'Cinéma',
      when: { date: '2026-03-28', time: '20:00' },
    });
    expect(parseQuickAdd('Courses sam 10h', { language: 'fr', ...paris })).toMatchObject({
      title: 'Courses',
      when: { date: '2026-03-28', time: '10:00' },
    });
  });

  it('German: "Mo", "Di" and "So" as names, "Do 15 Uhr" and "Do." as Thursday, none inside a word', () => {
    expect(parseQuickAdd('Kaffee mit Mo Do 15 Uhr', { language: 'de', ...paris })).toMatchObject({
      title: 'Kaffee mit Mo',
      when: { date: '2026-03-26', time: '15:00' },
      match: { text: 'Do 15 Uhr' },
    });
    expect(parseQuickAdd('Di Maria anrufen morgen', { language: 'de', ...paris })).toMatchObject({
      title: 'Di Maria anrufen',
      when: { date: '2026-03-26', allDay: true },
    });
    expect(parseQuickAdd('Essen mit Mia So', { language: 'de', ...paris }).when).toBeNull();
    expect(parseQuickAdd('Maria anrufen Do. 15 Uhr', { language: 'de', ...paris })).toMatchObject({
      title: 'Maria anrufen',
      when: { date: '2026-03-26', time: '15:00' },
    });
    // "di" is the end of "Rüdi", not Tuesday.
    expect(parseQuickAdd('Mit Rüdi Pizza essen morgen', { language: 'de', ...paris })).toMatchObject({
      title: 'Mit Rüdi Pizza essen',
      when: { date: '2026-03-26', allDay: true },
    });
  });

  it('Portuguese: "Ter" and "Dom" as names; "sexta 13h" is Friday', () => {
    expect(parseQuickAdd('Almoço com Sam sexta 13h', { language: 'pt', ...paris })).toMatchObject({
      title: 'Almoço com Sam',
      when: { date: '2026-03-27', time: '13:00' },
    });
    expect(parseQuickAdd('Jantar com Ter 20h', { language: 'pt', ...paris })).toMatchObject({
      title: 'Jantar com Ter',
      when: { date: '2026-03-25', time: '20:00' },
    });
    expect(parseQuickAdd('Ligar para o Dom amanhã às 15h', { language: 'pt', ...paris })).toMatchObject({
      title: 'Ligar para o Dom',
      when: { date: '2026-03-26', time: '15:00' },
    });
  });

  it('English: "Wed" alone stays in the title, "wed 1pm" is read, and "3h" is not three hours from now', () => {
    expect(parseQuickAdd('Lunch Wed', { language: 'en', ...paris }).when).toBeNull();
    expect(parseQuickAdd('Lunch wed 1pm', { language: 'en', ...paris })).toMatchObject({
      title: 'Lunch',
      when: { date: '2026-03-25', time: '13:00' },
    });
    expect(parseQuickAdd('Read 3h of docs', { language: 'en', ...paris }).when).toBeNull();
  });
});

describe('words left that look like a date in another language', () => {
  it('names them, with the language that reads them, instead of reading part of them', () => {
    const english = parseQuickAdd('Appeler Marie demain 15h', { language: 'en', ...paris });
    expect(english).toEqual({
      title: 'Appeler Marie demain 15h',
      when: null,
      match: null,
      unread: { text: 'demain 15h', language: 'fr' },
    });
    // Read in that language, as the form's "Read as French" does.
    expect(parseQuickAdd('Appeler Marie demain 15h', { language: 'fr', ...paris })).toMatchObject({
      title: 'Appeler Marie',
      when: { date: '2026-03-26', time: '15:00' },
      unread: null,
    });
    expect(parseQuickAdd('Anruf morgen 15 Uhr', { language: 'en', ...paris }).unread).toEqual({
      text: 'morgen 15 Uhr',
      language: 'de',
    });
    expect(parseQuickAdd('Ligar amanhã às 15h', { language: 'fr', ...paris })).toMatchObject({
      when: null,
      unread: { text: 'amanhã às 15h', language: 'pt' },
    });
  });

  it('names what is left after a reading, and nothing when nothing is', () => {
    expect(parseQuickAdd('Call Maria friday et Paul samedi', { language: 'en', ...paris })).toMatchObject({
      title: 'Call Maria et Paul samedi',
      when: { date: '2026-03-27' },
      unread: { text: 'samedi', language: 'fr' },
    });
    expect(parseQuickAdd('Lunch with Sam friday 1pm', { language: 'en', ...paris }).unread).toBeNull();
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

describe('formatQuickAddTime', () => {
  it('shows the time alone, in the time zone', () => {
    const when = { start: '2026-03-27T14:00:00.000Z', allDay: false, date: '2026-03-27', time: '15:00' };
    expect(formatQuickAddTime(when, 'fr', 'Europe/Paris')).toBe('15:00');
    expect(formatQuickAddTime(when, 'en', 'Europe/Paris')).toMatch(/^03:00\sPM$/);
  });
});
