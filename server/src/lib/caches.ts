/**
 * What a process keeps in memory for speed — built rules, answers by version, busy times, the
 * series index — is bounded twice: by size, counted in bytes where entries differ in size (an
 * answer of five to-dos or of a thousand goals), and by idleness: an entry nobody used for
 * CACHE_IDLE_MS goes, so that what was kept of data since deleted or no longer read (a repeating
 * event deleted, an old version's answer) leaves memory instead of waiting for the bound to push
 * it out. Each cache is swept every SWEEP_EVERY_MS; one left unreferenced (a test's app) is
 * forgotten.
 */
import { LRUCache } from 'lru-cache';

export const CACHE_IDLE_MS = 2 * 60_000;
const SWEEP_EVERY_MS = 30_000;

interface Swept {
  ref: WeakRef<object>;
  sweep: (target: never, now: number) => void;
}

const swept = new Set<Swept>();
let timer: NodeJS.Timeout | undefined;

/**
 * Runs `sweep(cache, now)` every SWEEP_EVERY_MS for as long as something else holds `cache`
 * (`sweep` must not hold it itself).
 */
export function sweepIdle<T extends object>(cache: T, sweep: (cache: T, now: number) => void): void {
  swept.add({ ref: new WeakRef(cache), sweep });
  if (timer) return;
  timer = setInterval(() => {
    const now = Date.now();
    for (const entry of swept) {
      const cache = entry.ref.deref();
      if (cache) entry.sweep(cache as never, now);
      else swept.delete(entry);
    }
    if (swept.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  }, SWEEP_EVERY_MS);
  timer.unref();
}

export interface KeptOptions<K, V> {
  /** Entries at most. */
  max: number;
  /** Bytes at most, as `bytesOf` counts them. */
  maxBytes: number;
  bytesOf: (value: V, key: K) => number;
  idleMs?: number;
}

/**
 * A least-recently-used cache (lru-cache) within `max` entries and `maxBytes`, whose entries go
 * once unused for `idleMs` (a read makes an entry young again).
 */
export function keptCache<K extends object | string | number, V extends object>({
  max,
  maxBytes,
  bytesOf,
  idleMs = CACHE_IDLE_MS,
}: KeptOptions<K, V>): LRUCache<K, V> {
  const cache = new LRUCache<K, V>({
    max,
    maxSize: maxBytes,
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(bytesOf(value, key))),
    ttl: idleMs,
    updateAgeOnGet: true,
    // Per-entry timers would cost more than the sweep: stale entries go at the next one.
    ttlAutopurge: false,
  });
  sweepIdle(cache, (kept) => kept.purgeStale());
  return cache;
}
