/**
 * A long-running series read far from its start: moving the rule's start forward by whole periods
 * (ruleNear) must give exactly the occurrences that walking from the first one gives.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { occurrencesIn, ruleOf, type Series } from './occurrences';

const zone = 'Europe/Paris';

/** Every occurrence from the first, placed in the zone: the slow, obvious way. */
function walked(series: Series, from: number, to: number): number[] {
  const starts: number[] = [];
  for (const wall of ruleOf(series).between(
    new Date(Date.UTC(2000, 0, 1)),
    new Date(to + 3 * 86_400_000),
    true,
  )) {
    const start = DateTime.fromObject(
      {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
      },
      { zone },
    ).toMillis();
    if (start < to && start + (series.end - series.start) > from) starts.push(start);
  }
  return starts;
}

describe('occurrencesIn far from the series start', () => {
  const start = DateTime.fromISO('2020-01-06T09:00', { zone }).toMillis();
  it.each([
    'FREQ=WEEKLY;BYDAY=MO,WE',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR',
    'FREQ=WEEKLY;INTERVAL=3;WKST=SU;BYDAY=SU,MO',
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270301',
    'FREQ=WEEKLY;COUNT=400',
    'FREQ=MONTHLY;BYDAY=2TH',
  ])('%s gives the walked occurrences', (recurrence) => {
    const series: Series = { start, end: start + 3_600_000, allDay: false, timeZone: zone, recurrence };
    let seen = 0;
    for (const [from, to] of [
      ['2026-10-01', '2026-11-01'],
      ['2027-02-20', '2027-03-10'],
      ['2020-01-01', '2020-02-01'],
    ] as const) {
      const [a, b] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
      const expected = walked(series, a, b);
      expect(occurrencesIn(series, a, b, zone).map((span) => span.start)).toEqual(expected);
      seen += expected.length;
    }
    expect(seen).toBeGreaterThan(1);
  });
});
