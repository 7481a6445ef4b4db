import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatDay } from './format-day';
import { customRepetitionText, describeRule, ruleParts } from './recurrence-rule';

const languages = ['en', 'fr', 'de', 'pt'] as const;
type Language = (typeof languages)[number];

/** Each language's `repetition.*` strings, from its file, as the app loads them. */
const translators = Object.fromEntries(
  languages.map((language) => {
    const file = path.join(import.meta.dirname, '../locales', language, 'repetition.json');
    const instance = i18next.createInstance();
    void instance.init({
      lng: language,
      initAsync: false,
      resources: { [language]: { translation: { repetition: JSON.parse(fs.readFileSync(file, 'utf8')) } } },
      interpolation: { escapeValue: false },
    });
    return [language, instance.t];
  }),
) as Record<Language, TFunction>;

const say = (rule: string, language: Language) => describeRule(rule, translators[language], language);

describe('ruleParts', () => {
  it('reads the parts, without the prefix, in upper case', () => {
    expect([...ruleParts('RRULE:freq=weekly;byday=mo,we;')]).toEqual([
      ['FREQ', 'WEEKLY'],
      ['BYDAY', 'MO,WE'],
    ]);
  });
});

describe('describeRule', () => {
  it.each<[string, Record<Language, string>]>([
    [
      'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30',
      {
        en: 'every week on Monday, Wednesday and Friday, 30 times',
        fr: 'chaque semaine le lundi, mercredi et vendredi, 30 fois',
        de: 'jede Woche am Montag, Mittwoch und Freitag, 30-mal',
        pt: 'todas as semanas (segunda-feira, quarta-feira e sexta-feira), 30 vezes',
      },
    ],
    [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
      {
        en: 'every 2 weeks on Tuesday and Thursday',
        fr: 'toutes les 2 semaines le mardi et jeudi',
        de: 'alle 2 Wochen am Dienstag und Donnerstag',
        pt: 'a cada 2 semanas (terça-feira e quinta-feira)',
      },
    ],
    [
      'FREQ=MONTHLY;BYDAY=-1FR',
      {
        en: 'every month on the last Friday',
        fr: 'chaque mois le dernier vendredi',
        de: 'jeden Monat am letzten Freitag',
        pt: 'todos os meses na última sexta-feira',
      },
    ],
    [
      'FREQ=MONTHLY;BYDAY=1SU;COUNT=1',
      {
        en: 'every month on the first Sunday, once',
        fr: 'chaque mois le premier dimanche, une fois',
        de: 'jeden Monat am ersten Sonntag, einmal',
        pt: 'todos os meses no primeiro domingo, uma vez',
      },
    ],
    [
      'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1,15',
      {
        en: 'every 3 months on days 1 and 15',
        fr: 'tous les 3 mois les 1 et 15',
        de: 'alle 3 Monate an den Tagen 1 und 15',
        pt: 'a cada 3 meses nos dias 1 e 15',
      },
    ],
    [
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      {
        en: 'every month on the last day',
        fr: 'chaque mois le dernier jour',
        de: 'jeden Monat am letzten Tag',
        pt: 'todos os meses no último dia',
      },
    ],
    [
      'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      {
        en: 'every year on the last Sunday in March',
        fr: 'chaque année le dernier dimanche en mars',
        de: 'jedes Jahr am letzten Sonntag im März',
        pt: 'todos os anos no último domingo em março',
      },
    ],
    [
      'FREQ=DAILY;INTERVAL=3;UNTIL=20261231',
      {
        en: 'every 3 days, until <2026-12-31>',
        fr: 'tous les 3 jours, jusqu’au <2026-12-31>',
        de: 'alle 3 Tage, bis <2026-12-31>',
        pt: 'a cada 3 dias, até <2026-12-31>',
      },
    ],
    ['FREQ=HOURLY', { en: 'every hour', fr: 'chaque heure', de: 'jede Stunde', pt: 'todas as horas' }],
    [
      'FREQ=HOURLY;INTERVAL=4;COUNT=6',
      {
        en: 'every 4 hours, 6 times',
        fr: 'toutes les 4 heures, 6 fois',
        de: 'alle 4 Stunden, 6-mal',
        pt: 'a cada 4 horas, 6 vezes',
      },
    ],
  ])('says %s in four languages', (rule, words) => {
    for (const language of languages) {
      // <YYYY-MM-DD>: the day as the app writes it in that language (the browser's Intl).
      const expected = words[language].replace(/<([\d-]+)>/, (_, day: string) => formatDay(day, language));
      expect(say(rule, language), language).toBe(expected);
    }
  });

  it('reads an UNTIL with a time by its day', () => {
    expect(say('FREQ=YEARLY;UNTIL=20300101T120000Z', 'en')).toBe(
      `every year, until ${formatDay('2030-01-01', 'en')}`,
    );
  });

  it.each([
    'FREQ=HOURLY;BYHOUR=9,17',
    'FREQ=HOURLY;BYDAY=MO',
    'FREQ=DAILY;BYHOUR=9',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=YEARLY;BYWEEKNO=20',
    'FREQ=SECONDLY',
    'FREQ=WEEKLY;BYDAY=1MO',
    'FREQ=MONTHLY;BYDAY=-2FR',
    'FREQ=WEEKLY;BYMONTHDAY=3',
    'FREQ=DAILY;COUNT=2;UNTIL=20260101',
    'FREQ=DAILY;INTERVAL=0',
    'FREQ=DAILY;INTERVAL=2,3',
    'BYDAY=MO',
  ])('leaves %s to be shown as written', (rule) => {
    for (const language of languages) expect(say(rule, language), language).toBeNull();
  });
});

describe('customRepetitionText', () => {
  it('says it is a custom repetition, in words', () => {
    expect(customRepetitionText('RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30', translators.en, 'en')).toBe(
      'Custom repetition: every week on Monday, Wednesday and Friday, 30 times',
    );
    expect(customRepetitionText('FREQ=MONTHLY;BYDAY=-1FR', translators.de, 'de')).toBe(
      'Benutzerdefinierte Wiederholung: jeden Monat am letzten Freitag',
    );
  });

  it('shows the rule as written when the words cannot say it', () => {
    expect(customRepetitionText('RRULE:FREQ=HOURLY;BYHOUR=9,17', translators.fr, 'fr')).toBe(
      'Répétition personnalisée : FREQ=HOURLY;BYHOUR=9,17',
    );
    expect(customRepetitionText('FREQ=HOURLY;BYHOUR=9,17', translators.pt, 'pt')).toBe(
      'Repetição personalizada: FREQ=HOURLY;BYHOUR=9,17',
    );
  });
});
