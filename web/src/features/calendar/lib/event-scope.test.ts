import type { CalendarEvent } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { initialEventValues } from './event-form';
import { scopedChange } from './event-scope';
import { noRepetition } from './rrule-text';

const zone = 'Europe/Paris';
/** The third Monday of a weekly review at 10:00 in Paris that began on 4 January 2027. */
const occurrence = {
  _id: '9',
  kind: 'event',
  title: 'Review',
  start: '2027-01-18T09:00:00.000Z',
  end: '2027-01-18T10:00:00.000Z',
  occurrence: '2027-01-18T09:00:00.000Z',
  exception: false,
  seriesStart: '2027-01-04T09:00:00.000Z',
  seriesEnd: '2027-01-04T10:00:00.000Z',
  allDay: false,
  url: '',
  location: 'Room 1',
  description: '',
  category: 'Business',
  guests: ['3'],
  reminder: 15,
  recurrence: 'FREQ=WEEKLY;COUNT=6',
} as CalendarEvent;

const opened = () => initialEventValues(occurrence, { start: '', end: '', allDay: false }, zone);

describe('a change to an occurrence of a repeating event (D39)', () => {
  it('this event: its own fields, its times only when they changed', () => {
    expect(scopedChange(occurrence, { ...opened(), title: 'Review, short' }, zone, 'this')).toEqual({
      input: {
        title: 'Review, short',
        url: '',
        location: 'Room 1',
        description: '',
        category: 'Business',
        reminder: 15,
      },
      scoped: { occurrence: occurrence.occurrence, scope: 'this' },
    });
    const later = {
      ...opened(),
      start: { date: '2027-01-19', time: '14:00' },
      end: { date: '2027-01-19', time: '15:00' },
    };
    expect(scopedChange(occurrence, later, zone, 'this').input).toMatchObject({
      allDay: false,
      start: '2027-01-19T13:00:00.000Z',
      end: '2027-01-19T14:00:00.000Z',
    });
  });

  it('this and following: a new series from the occurrence as the form says, the rule sent only when changed', () => {
    const { input, scoped } = scopedChange(
      occurrence,
      { ...opened(), title: 'Review v2' },
      zone,
      'following',
    );
    expect(scoped).toEqual({ occurrence: occurrence.occurrence, scope: 'following' });
    expect(input).toMatchObject({ title: 'Review v2', start: '2027-01-18T09:00:00.000Z', guests: ['3'] });
    expect(input).not.toHaveProperty('recurrence');
  });

  it('all events: a rename leaves the times alone; a new time moves the series, keeping its first date', () => {
    const renamed = scopedChange(occurrence, { ...opened(), title: 'Weekly review' }, zone, 'all');
    expect(renamed.scoped).toBeUndefined();
    expect(renamed.input).not.toHaveProperty('start');
    const at11 = {
      ...opened(),
      start: { date: '2027-01-18', time: '11:00' },
      end: { date: '2027-01-18', time: '12:00' },
    };
    expect(scopedChange(occurrence, at11, zone, 'all').input).toMatchObject({
      start: '2027-01-04T10:00:00.000Z',
      end: '2027-01-04T11:00:00.000Z',
    });
  });

  it('a rule the drawer cannot draw is never sent back, whatever else changes (D49)', () => {
    const custom = { ...occurrence, recurrence: 'FREQ=HOURLY;BYHOUR=9,17' };
    const values = {
      ...initialEventValues(custom, { start: '', end: '', allDay: false }, zone),
      title: 'Review, hourly',
    };
    for (const scope of ['this', 'following', 'all'] as const) {
      const { input } = scopedChange(custom, values, zone, scope);
      expect(input, scope).toMatchObject({ title: 'Review, hourly' });
      expect(input, scope).not.toHaveProperty('recurrence');
    }
  });

  it('a custom rule removed in the drawer is sent as none', () => {
    const custom = { ...occurrence, recurrence: 'FREQ=MONTHLY;BYDAY=-1FR' };
    const values = {
      ...initialEventValues(custom, { start: '', end: '', allDay: false }, zone),
      recurrence: noRepetition,
    };
    expect(scopedChange(custom, values, zone, 'all').input).toHaveProperty('recurrence', null);
  });
});
