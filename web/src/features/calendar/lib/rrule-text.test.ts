import { isRecurrenceRule } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { fromRrule, noRepetition, type Repetition, shiftRuleDays, toRrule, weekdayOf } from './rrule-text';

const repeat = (change: Partial<Repetition>): Repetition => ({ ...noRepetition, ...change });

describe('toRrule', () => {
  it.each<[Partial<Repetition>, string | null]>([
    [{}, null],
    [{ frequency: 'DAILY' }, 'FREQ=DAILY'],
    [{ frequency: 'WEEKLY' }, 'FREQ=WEEKLY'],
    [{ frequency: 'WEEKLY', days: ['FR', 'MO', 'WE'] }, 'FREQ=WEEKLY;BYDAY=MO,WE,FR'],
    [{ frequency: 'MONTHLY', days: ['MO'] }, 'FREQ=MONTHLY'],
    [{ frequency: 'YEARLY', ends: 'on', until: '2026-12-31' }, 'FREQ=YEARLY;UNTIL=20261231'],
    [{ frequency: 'DAILY', ends: 'on', until: '' }, 'FREQ=DAILY'],
    [{ frequency: 'WEEKLY', days: ['SU'], ends: 'after', count: 5 }, 'FREQ=WEEKLY;BYDAY=SU;COUNT=5'],
    [{ frequency: 'custom', custom: 'FREQ=WEEKLY;INTERVAL=2' }, 'FREQ=WEEKLY;INTERVAL=2'],
  ])('%j → %s', (change, rule) => {
    expect(toRrule(repeat(change))).toBe(rule);
    if (rule) expect(isRecurrenceRule(rule)).toBe(true);
  });
});

describe('fromRrule', () => {
  it('reads back every rule the drawer writes', () => {
    const repetitions = [
      repeat({ frequency: 'DAILY' }),
      repeat({ frequency: 'WEEKLY', days: ['MO', 'TH'] }),
      repeat({ frequency: 'MONTHLY', ends: 'after', count: 12 }),
      repeat({ frequency: 'YEARLY', ends: 'on', until: '2030-01-01' }),
    ];
    for (const repetition of repetitions) expect(fromRrule(toRrule(repetition))).toEqual(repetition);
  });

  it('reads none, a prefix and lower case', () => {
    expect(fromRrule(null)).toEqual(noRepetition);
    expect(fromRrule('RRULE:freq=daily;count=3')).toEqual(
      repeat({ frequency: 'DAILY', ends: 'after', count: 3 }),
    );
  });

  it.each([
    'FREQ=WEEKLY;INTERVAL=2',
    'FREQ=MONTHLY;BYDAY=1MO',
    'FREQ=DAILY;UNTIL=20260101T120000Z',
    'FREQ=HOURLY',
  ])('keeps %s as a custom rule', (rule) => {
    const repetition = fromRrule(rule);
    expect(repetition.frequency).toBe('custom');
    expect(toRrule(repetition)).toBe(rule);
  });
});

describe('weekdayOf', () => {
  it.each([
    ['2026-05-04', 'MO'],
    ['2026-05-09', 'SA'],
    ['2026-05-10', 'SU'],
  ])('%s is %s', (day, code) => expect(weekdayOf(day)).toBe(code));
});

describe('shiftRuleDays', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO', 1, 'FREQ=WEEKLY;BYDAY=TU'],
    ['FREQ=WEEKLY;BYDAY=MO,FR;COUNT=4', 3, 'FREQ=WEEKLY;BYDAY=TH,MO;COUNT=4'],
    ['FREQ=WEEKLY;BYDAY=SU', -1, 'FREQ=WEEKLY;BYDAY=SA'],
    ['FREQ=WEEKLY;BYDAY=WE', 14, 'FREQ=WEEKLY;BYDAY=WE'],
    ['FREQ=MONTHLY;BYDAY=1MO', 2, 'FREQ=MONTHLY;BYDAY=1WE'],
    ['FREQ=DAILY', 2, 'FREQ=DAILY'],
  ])('%s moved %i days is %s', (rule, days, moved) => expect(shiftRuleDays(rule, days)).toBe(moved));
});
