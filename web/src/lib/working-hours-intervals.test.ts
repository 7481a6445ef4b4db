import { updateWorkingHoursInput, type WorkingInterval } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { copyDay, freeSlot, timeChoices, weekdayName, withDayPart } from './working-hours-intervals';

const monday = (from: string, to: string): WorkingInterval => ({ day: 'monday', from, to });
const valid = (data: WorkingInterval[]) => updateWorkingHoursInput.safeParse({ data }).success;

describe('timeChoices', () => {
  it('offers starts up to 23:45 and ends up to 24:00, every 15 minutes', () => {
    const from = timeChoices('from');
    const to = timeChoices('to');
    expect([from[0], from.at(-1), from.length]).toEqual(['00:00', '23:45', 96]);
    expect([to[0], to.at(-1), to.length]).toEqual(['00:15', '24:00', 96]);
  });

  it('keeps a stored time between two steps, in order', () => {
    const times = timeChoices('from', '09:10');
    expect(times.slice(36, 39)).toEqual(['09:00', '09:10', '09:15']);
  });
});

describe('freeSlot', () => {
  it('proposes 09:00–17:00 on an empty day', () => {
    expect(freeSlot([], 'friday')).toEqual({ from: '09:00', to: '17:00' });
  });

  it('proposes the hour after the day’s last interval', () => {
    expect(freeSlot([monday('08:00', '12:00')], 'monday')).toEqual({ from: '12:00', to: '13:00' });
    expect(freeSlot([monday('13:00', '17:00'), monday('08:00', '12:00')], 'monday')).toEqual({
      from: '17:00',
      to: '18:00',
    });
  });

  it('otherwise the first gap of the day, shortened to what fits', () => {
    expect(freeSlot([monday('00:00', '08:00'), monday('08:30', '24:00')], 'monday')).toEqual({
      from: '08:00',
      to: '08:30',
    });
    expect(freeSlot([monday('06:00', '24:00')], 'monday')).toEqual({ from: '00:00', to: '01:00' });
  });

  it('finds nothing on a full day, and never an overlap', () => {
    expect(freeSlot([monday('00:00', '24:00')], 'monday')).toBeNull();
    const data = [monday('00:00', '10:00'), monday('10:00', '23:50')];
    expect(freeSlot(data, 'monday')).toBeNull();
    const day = [monday('01:00', '02:00')];
    expect(valid([...day, { day: 'monday', ...freeSlot(day, 'monday')! }])).toBe(true);
  });
});

describe('withDayPart', () => {
  it('adds the part beside the intervals it does not overlap', () => {
    const data = withDayPart([monday('08:00', '12:00')], 'monday', 'evening');
    expect(data).toEqual([monday('08:00', '12:00'), monday('17:00', '21:00')]);
    expect(valid(data)).toBe(true);
  });

  it('replaces the intervals it overlaps, and only that day’s', () => {
    const data = withDayPart(
      [monday('09:00', '17:00'), monday('21:00', '22:00'), { day: 'tuesday', from: '09:00', to: '17:00' }],
      'monday',
      'morning',
    );
    expect(data).toEqual([
      monday('08:00', '12:00'),
      monday('21:00', '22:00'),
      { day: 'tuesday', from: '09:00', to: '17:00' },
    ]);
    expect(withDayPart(data, 'monday', 'anytime').filter((i) => i.day === 'monday')).toEqual([
      monday('00:00', '24:00'),
    ]);
  });
});

describe('copyDay', () => {
  it('gives the other days the source day’s intervals in place of theirs', () => {
    const data = copyDay(
      [monday('08:00', '12:00'), monday('13:00', '17:00'), { day: 'sunday', from: '10:00', to: '11:00' }],
      'monday',
      ['monday', 'tuesday', 'wednesday'],
    );
    expect(data.map((i) => `${i.day} ${i.from}-${i.to}`)).toEqual([
      'monday 08:00-12:00',
      'monday 13:00-17:00',
      'tuesday 08:00-12:00',
      'tuesday 13:00-17:00',
      'wednesday 08:00-12:00',
      'wednesday 13:00-17:00',
      'sunday 10:00-11:00',
    ]);
  });
});

describe('weekdayName', () => {
  it('names the day in the language', () => {
    expect(weekdayName('monday', 'en')).toBe('Monday');
    expect(weekdayName('sunday', 'fr')).toBe('dimanche');
    expect(weekdayName('wednesday', 'de')).toBe('Mittwoch');
  });
});
