import type { CalendarEvent } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  eventFormSchema,
  type EventFormValues,
  initialEventValues,
  nextHourDraft,
  toEventInput,
} from './event-form';
import { noRepetition } from './rrule-text';

const draft = { start: '2026-05-04T07:00:00.000Z', end: '2026-05-04T08:00:00.000Z', allDay: false };

function values(change: Partial<EventFormValues> = {}): EventFormValues {
  return { ...initialEventValues(null, draft, 'Europe/Berlin'), title: 'Stand-up', ...change };
}

const event = {
  _id: '7',
  title: 'Holiday',
  start: '2026-05-11T00:00:00.000Z',
  end: '2026-05-13T00:00:00.000Z',
  seriesStart: '2026-05-04T00:00:00.000Z',
  seriesEnd: '2026-05-06T00:00:00.000Z',
  allDay: true,
  url: '',
  location: 'Lisbon',
  description: '',
  category: 'Holiday',
  guests: ['3'],
  reminder: 1440,
  recurrence: 'FREQ=WEEKLY;COUNT=4',
} as CalendarEvent;

describe('the event form', () => {
  it('shows a draft on the wall clock of the time zone', () => {
    expect(values()).toMatchObject({
      allDay: false,
      start: { date: '2026-05-04', time: '09:00' },
      end: { date: '2026-05-04', time: '10:00' },
      reminder: 'none',
      recurrence: noRepetition,
    });
  });

  it('starts a new event at the next full hour of the time zone', () => {
    expect(nextHourDraft('Asia/Kolkata', Date.parse('2026-05-04T04:50:00Z'))).toEqual({
      start: '2026-05-04T05:30:00.000Z',
      end: '2026-05-04T06:30:00.000Z',
      allDay: false,
    });
  });

  it('shows the opened occurrence of a repeating all-day event, the last day inclusive (D39)', () => {
    expect(initialEventValues(event, draft, 'UTC')).toMatchObject({
      allDay: true,
      start: { date: '2026-05-11' },
      end: { date: '2026-05-12' },
      reminder: '1440',
      guests: ['3'],
      recurrence: { frequency: 'WEEKLY', ends: 'after', count: 4 },
    });
  });

  it('sends instants for a timed event and days, end exclusive, for an all-day one', () => {
    expect(toEventInput(values({ reminder: '15' }), 'Europe/Berlin')).toMatchObject({
      start: '2026-05-04T07:00:00.000Z',
      end: '2026-05-04T08:00:00.000Z',
      allDay: false,
      reminder: 15,
      recurrence: null,
    });
    const allDay = values({ allDay: true, end: { date: '2026-05-04', time: '' } });
    expect(toEventInput(allDay, 'Europe/Berlin')).toMatchObject({ start: '2026-05-04', end: '2026-05-05' });
  });

  it('checks the times and the repetition, then the contract', () => {
    const schema = eventFormSchema('Europe/Berlin', false);
    expect(schema.safeParse(values()).success).toBe(true);
    const paths = (change: Partial<EventFormValues>) =>
      schema.safeParse(values(change)).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(paths({ end: { date: '2026-05-04', time: '08:00' } })).toEqual([
      ['end', 'api.calendar.endBeforeStart'],
    ]);
    expect(paths({ start: { date: '', time: '09:00' } })).toEqual([['start', 'api.calendar.startInvalid']]);
    expect(paths({ recurrence: { ...noRepetition, frequency: 'DAILY', ends: 'on', until: '' } })).toEqual([
      ['recurrence', 'calendar.form.untilRequired'],
    ]);
    expect(paths({ title: ' ' })).toEqual([['title', 'Please enter a title.']]);
  });

  it('keeps a rule it cannot draw out of what it sends and checks (D49)', () => {
    const hourly = { ...event, recurrence: 'FREQ=HOURLY;BYHOUR=9,17' };
    const opened = { ...initialEventValues(hourly, draft, 'UTC'), title: 'Holiday, renamed' };
    expect(opened.recurrence).toMatchObject({ frequency: 'custom', custom: 'FREQ=HOURLY;BYHOUR=9,17' });
    expect(toEventInput(opened, 'UTC')).not.toHaveProperty('recurrence');
    // The rule is not sent back: the form saves the rest and the rule stays as written.
    const parsed = eventFormSchema('UTC', true).safeParse(opened);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ title: 'Holiday, renamed' });
    expect(parsed.data).not.toHaveProperty('recurrence');
  });
});
