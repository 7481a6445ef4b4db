/** The process's caches: bounded by bytes where entries differ in size, and gone once idle. */
import { describe, expect, it } from 'vitest';
import { CACHE_IDLE_MS, keptCache } from './caches';
import { seriesIndex } from './series-index';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keptCache', () => {
  it('keeps within its bytes, the least recently used going first, whatever the count', () => {
    const cache = keptCache<string, { bytes: number }>({ max: 100, maxBytes: 1000, bytesOf: (v) => v.bytes });
    cache.set('small', { bytes: 10 });
    cache.set('big', { bytes: 600 });
    cache.get('small');
    cache.set('bigger', { bytes: 500 });
    // 1,110 bytes would be kept: the least recently used (big) went, the small one read since stayed.
    expect([...cache.keys()].sort()).toEqual(['bigger', 'small']);
    expect(cache.calculatedSize).toBe(510);
  });

  it('forgets an entry unused for its idle time; a read makes it young again', async () => {
    const cache = keptCache<string, { n: number }>({
      max: 10,
      maxBytes: 1000,
      bytesOf: () => 1,
      idleMs: 200,
    });
    cache.set('read', { n: 1 });
    cache.set('left', { n: 2 });
    await sleep(120);
    expect(cache.get('read')).toEqual({ n: 1 });
    await sleep(120);
    cache.purgeStale();
    expect([...cache.keys()]).toEqual(['read']);
  });
});

describe('the series index', () => {
  it('forgets the series nobody read for the idle time', () => {
    const day = Date.UTC(2027, 0, 4);
    const series = {
      start: day + 9 * 3_600_000,
      end: day + 10 * 3_600_000,
      allDay: false,
      timeZone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY',
      lastStart: null,
    };
    seriesIndex.clear();
    expect(seriesIndex.occurrencesIn(1, series, day, day + 28 * 86_400_000, 'Europe/Paris')).toHaveLength(4);
    expect(seriesIndex.size.series).toBe(1);
    seriesIndex.forgetIdle(Date.now());
    expect(seriesIndex.size.series).toBe(1);
    seriesIndex.forgetIdle(Date.now() + CACHE_IDLE_MS);
    expect(seriesIndex.size).toEqual({ series: 0, occurrences: 0 });
  });
});
