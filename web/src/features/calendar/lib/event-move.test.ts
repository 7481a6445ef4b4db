import type { CalendarEvent } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { type EventMove, moveInput, moveTimes } from './event-move';
import type { Delta } from './event-times';

const delta = (change: Partial<Delta>): Delta => ({
  years: 0,
  months: 0,
  days: 0,
  milliseconds: 0,
  ...change,
});

// The third Monday occurrence of a weekly series that began on Monday 9 March 2026, 10:00 in Berlin (CET).
const weekly = {
  _id: '4',
  allDay: false,
  start: '2026-03-23T09:00:00.000Z',
  end: '2026-03-23T10:00:00.000Z',
  seriesStart: '2026-03-09T09:00:00.000Z',
  seriesEnd: '2026-03-09T10:00:00.000Z',
  recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6',
} as CalendarEvent;

const move = (event: CalendarEvent, startDelta: Delta, endDelta = startDelta): EventMove => ({
  event,
  startDelta,
  endDelta,
  timeZone: 'Europe/Berlin',
});

describe('moving a series by dragging one occurrence', () => {
  it('moves the series and its weekday, keeping 10:00 in Berlin', () => {
    expect(moveInput(move(weekly, delta({ days: 1 })))).toEqual({
      start: '2026-03-10T09:00:00.000Z',
      end: '2026-03-10T10:00:00.000Z',
      recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=6',
    });
    // The dragged occurrence itself, after the change to summer time: still 10:00.
    expect(moveTimes(weekly, move(weekly, delta({ days: 7 })))).toMatchObject({
      start: '2026-03-30T08:00:00.000Z',
      seriesStart: '2026-03-16T09:00:00.000Z',
    });
  });

  it('leaves the rule alone for a move within the day, and makes a resize longer', () => {
    expect(moveInput(move(weekly, delta({}), delta({ milliseconds: 1_800_000 })))).toEqual({
      start: '2026-03-09T09:00:00.000Z',
      end: '2026-03-09T10:30:00.000Z',
    });
    expect(moveInput(move(weekly, delta({ milliseconds: -3_600_000 })))).toEqual({
      start: '2026-03-09T08:00:00.000Z',
      end: '2026-03-09T09:00:00.000Z',
    });
  });

  it('moves an all-day event by days, sent as days', () => {
    const holiday = {
      ...weekly,
      allDay: true,
      start: '2026-05-04T00:00:00.000Z',
      end: '2026-05-06T00:00:00.000Z',
      seriesStart: '2026-05-04T00:00:00.000Z',
      seriesEnd: '2026-05-06T00:00:00.000Z',
      recurrence: null,
    };
    expect(moveInput(move(holiday, delta({ days: -2 })))).toEqual({ start: '2026-05-02', end: '2026-05-04' });
  });
});
