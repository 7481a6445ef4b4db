/**
 * The rate-limit store: with Redis, two instances count together; with Redis away,
 * each counts on its own in memory — a limit still holds — and says so once.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { redisOrMemoryStore } from './rate-limit-store';

const closing: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

function recordingLog(): FastifyBaseLogger & { lines: string[] } {
  const lines: string[] = [];
  const record = (...args: unknown[]) => lines.push(String(args.find((arg) => typeof arg === 'string')));
  return {
    lines,
    warn: record,
    info: record,
    error: record,
    debug: () => undefined,
  } as unknown as FastifyBaseLogger & {
    lines: string[];
  };
}

/** An instance with one route limited to 3 a minute, counting through `redis`. */
async function instance(redis: Redis, nameSpace: string, log: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(rateLimit, {
    global: false,
    store: redisOrMemoryStore(redis, nameSpace, log),
    skipOnError: true,
  });
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, () => 'ok');
  await app.ready();
  closing.push(() => app.close());
  return app;
}

async function statuses(app: FastifyInstance, count: number): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await app.inject({ url: '/limited' })).statusCode);
  return result;
}

describe('redisOrMemoryStore', () => {
  it('counts the requests of two instances together through Redis', async () => {
    const redis = new Redis('redis://127.0.0.1:6379', { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    closing.push(() => redis.quit());
    await new Promise((resolve) => redis.once('ready', resolve));
    const nameSpace = `cadence-test-${randomUUID()}:rate:`;
    const log = recordingLog();
    const [a, b] = [await instance(redis, nameSpace, log), await instance(redis, nameSpace, log)];
    expect([...(await statuses(a, 2)), ...(await statuses(b, 2))]).toEqual([200, 200, 200, 429]);
    expect(log.lines).toEqual([]);
  });

  it('counts per instance, in memory, while Redis is away', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    // Nothing listens there: the connection is never ready.
    const redis = new Redis(`redis://127.0.0.1:${port}`, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => 1000,
    });
    redis.on('error', () => undefined);
    closing.push(() => redis.disconnect());
    const [logA, logB] = [recordingLog(), recordingLog()];
    const [a, b] = [await instance(redis, 'x:', logA), await instance(redis, 'x:', logB)];
    expect(await statuses(a, 4)).toEqual([200, 200, 200, 429]);
    expect(await statuses(b, 4)).toEqual([200, 200, 200, 429]);
    // Said once per instance, not per request.
    for (const log of [logA, logB]) {
      expect(log.lines.filter((line) => line.includes('Redis is away'))).toHaveLength(1);
    }
  });
});
