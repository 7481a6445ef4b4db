/**
 * The store of `@fastify/rate-limit` when Redis is configured (D38): every instance
 * counts in Redis, so a limit holds behind a load balancer; while Redis is away (no connection, or
 * a command that fails or times out) each instance counts on its own, in memory, so a limit still
 * holds per instance instead of letting everything through.
 *
 * The memory store counts every request, Redis up or not, so that when Redis goes away the
 * instance's counts of the current window are already there (a client gets at most `max` per
 * instance then, not `max` more). Both stores are the plugin's own, so their windows behave alike.
 */
import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** The plugin's stores, with `read` (non-mutating) as they have it. */
interface PluginStore extends FastifyRateLimitStore {
  read?(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginStore;
}

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => PluginStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => PluginStore;

class RedisOrMemoryStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
    private readonly state: { degraded: boolean; log: FastifyBaseLogger },
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    let mine: Result | undefined;
    this.local.incr(key, (_error, result) => (mine = result), timeWindow, max);
    this.ask('incr', key, callback, timeWindow, max, mine);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    let mine: Result | undefined;
    this.local.read?.(key, (_error, result) => (mine = result), timeWindow, max);
    this.ask('read', key, callback, timeWindow, max, mine);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new RedisOrMemoryStore(
      this.redis,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.state,
    );
  }

  private ask(
    method: 'incr' | 'read',
    key: string,
    callback: Callback,
    timeWindow: number,
    max: number,
    mine: Result | undefined,
  ): void {
    const fallback = (error?: Error) => {
      if (!this.state.degraded) {
        this.state.degraded = true;
        this.state.log.warn(
          { err: error },
          'rate limits: Redis is away; each instance counts on its own until it is back',
        );
      }
      callback(mine ? null : (error ?? new Error('no count')), mine);
    };
    // Without a connection the command would fail at once anyway; this spares the call.
    if (this.redis.status !== 'ready') return fallback();
    const call = method === 'incr' ? this.shared.incr.bind(this.shared) : this.shared.read?.bind(this.shared);
    if (!call) return fallback();
    call(
      key,
      (error, result) => {
        if (error || !result) return fallback(error ?? undefined);
        if (this.state.degraded) {
          this.state.degraded = false;
          this.state.log.info('rate limits: Redis is back; the instances count together again');
        }
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }
}

/**
 * The `store` option of `@fastify/rate-limit`: Redis (keys under `nameSpace`) while it answers,
 * this instance's memory otherwise.
 */
export function redisOrMemoryStore(
  redis: Redis,
  nameSpace: string,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  const state = { degraded: false, log };
  return class extends RedisOrMemoryStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its resolved global parameters, these two among them.
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        state,
      );
    }
  };
}
