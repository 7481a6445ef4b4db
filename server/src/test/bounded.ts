/**
 * Bounded work, measured as an attacker's file meets it (D41): while a piece of work runs, the app
 * is polled on /api/health every 50 ms and the event loop's delay, garbage collection and the
 * process's memory are watched. Used by the hostile-input tests of the calendar and of CalDAV.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { expect } from 'vitest';

export interface Measured<T> {
  result: T;
  ms: number;
  healthMaxMs: number;
  healthPolls: number;
  loopMaxMs: number;
  /** The longest garbage collection meanwhile, which the event loop's delay includes. */
  gcMaxMs: number;
  memoryGrowthMb: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while the app at `base` is polled on /api/health every 50 ms, the event loop and memory watched. */
export async function measuredBeside<T>(base: string, work: () => Promise<T>): Promise<Measured<T>> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const health: number[] = [];
  let stop = false;
  let gcMaxMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  loop.enable();
  const poller = (async () => {
    while (!stop) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.text();
      expect(response.status).toBe(200);
      health.push(performance.now() - started);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      await sleep(50);
    }
  })();
  await sleep(60);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  await sleep(60);
  stop = true;
  await poller;
  loop.disable();
  gc.disconnect();
  return {
    gcMaxMs,
    result,
    ms,
    healthMaxMs: Math.max(...health),
    healthPolls: health.length,
    loopMaxMs: loop.max / 1e6,
    memoryGrowthMb: (rssPeak - rssBefore) / 2 ** 20,
  };
}
