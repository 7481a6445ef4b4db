/**
 * LiveHub on its own (D38): streams know their session and `closeSessions` ends them on
 * every instance; an instance's own events reach its streams at once, without Redis or while it
 * is away, and are not heard twice; a publish never waits for Redis; the subscription's return
 * sends `resync`; stopping ends the streams with a retry hint. The shared Redis (127.0.0.1:6379)
 * carries the two-hub cases; the outage cases start a Redis of their own on a free port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveHub, type LiveSink } from './live';

const log = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;
const SHARED_REDIS = 'redis://127.0.0.1:6379';

interface TestSink extends LiveSink {
  frames: string[];
  ended: boolean;
}

function sink(): TestSink {
  const result: TestSink = {
    frames: [],
    ended: false,
    write: (frame) => {
      if (result.ended) throw new Error('written after its end');
      result.frames.push(frame);
    },
    end: () => {
      result.ended = true;
    },
  };
  return result;
}

const EXPIRED = 'event: expired\ndata: {}\n\n';
const RESYNC = 'event: resync\ndata: {}\n\n';
const FRIEND = 'event: request\ndata: {"kind":"friend"}\n\n';

const hubs: LiveHub[] = [];
function hub(redisUrl?: string, prefix = `cadence-test-${randomUUID()}:`, queueLimit?: number): LiveHub {
  const created = new LiveHub({ redisUrl, prefix, heartbeatMs: 60_000, log, queueLimit });
  hubs.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((each) => each.close()));
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A Redis of the test's own, which it may stop and start again on the same port. */
class OwnRedis {
  private process?: ChildProcess;
  constructor(readonly port: number) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  }
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

describe('LiveHub, one instance', () => {
  it('ends the streams of the closed sessions with `expired`, and no others', async () => {
    const live = hub();
    const [a1, a2, b, none] = [sink(), sink(), sink(), sink()];
    live.attach(1, a1, 'session-a');
    live.attach(1, a2, 'session-a');
    live.attach(1, b, 'session-b');
    live.attach(2, none);
    live.closeSessions(['session-a', 'session-unknown']);
    expect(a1).toMatchObject({ frames: [EXPIRED], ended: true });
    expect(a2).toMatchObject({ frames: [EXPIRED], ended: true });
    expect(b).toMatchObject({ frames: [], ended: false });
    expect(none.ended).toBe(false);
    expect(live.connections).toBe(2);

    // The ended streams hear nothing more; the others still do.
    live.publish([1, 2], { type: 'request', data: { kind: 'friend' } });
    await expect.poll(() => b.frames).toEqual([FRIEND]);
    expect(none.frames).toEqual([FRIEND]);
    expect(a1.frames).toEqual([EXPIRED]);
  });

  it('forgets a detached stream, so that closing its session later touches nothing', () => {
    const live = hub();
    const stream = sink();
    const detach = live.attach(3, stream, 'gone');
    detach();
    detach();
    live.closeSessions(['gone']);
    expect(stream).toMatchObject({ frames: [], ended: false });
    expect(live.connections).toBe(0);
  });

  it('ends every stream with a retry hint when stopping, and new ones at once', () => {
    const live = hub();
    const open = sink();
    live.attach(4, open, 's');
    live.endStreams(1000);
    expect(open.ended).toBe(true);
    const hint = Number(/^retry: (\d+)\n\n$/.exec(open.frames[0]!)?.[1]);
    expect(hint).toBeGreaterThanOrEqual(1000);
    expect(hint).toBeLessThanOrEqual(1500);
    const late = sink();
    live.attach(4, late, 's');
    expect(late.ended).toBe(true);
    expect(late.frames[0]).toMatch(/^retry: \d+\n\n$/);
    expect(live.connections).toBe(0);
  });
});

describe('LiveHub, two instances on one Redis', () => {
  it('ends a session’s streams on every instance, and delivers each event once', async () => {
    const prefix = `cadence-test-${randomUUID()}:`;
    const [a, b] = [hub(SHARED_REDIS, prefix), hub(SHARED_REDIS, prefix)] as [LiveHub, LiveHub];
    await Promise.all([a.ready(), b.ready()]);
    const [onA, onB, otherOnB] = [sink(), sink(), sink()];
    a.attach(5, onA, 'family');
    b.attach(5, onB, 'family');
    b.attach(5, otherOnB, 'other-family');

    a.publish([5], { type: 'request', data: { kind: 'friend' } });
    await expect.poll(() => onB.frames).toEqual([FRIEND]);
    // The publisher's own stream got it from the process, and not again from Redis.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onA.frames).toEqual([FRIEND]);

    a.closeSessions(['family']);
    expect(onA).toMatchObject({ frames: [FRIEND, EXPIRED], ended: true });
    await expect.poll(() => onB.ended).toBe(true);
    expect(onB.frames).toEqual([FRIEND, EXPIRED]);
    expect(otherOnB.ended).toBe(false);
    expect(b.connections).toBe(1);
  });

  it('says an invalidation is sent once every other instance has applied it', async () => {
    const prefix = `cadence-test-${randomUUID()}:`;
    const [a, b, c] = [hub(SHARED_REDIS, prefix), hub(SHARED_REDIS, prefix), hub(SHARED_REDIS, prefix)] as [
      LiveHub,
      LiveHub,
      LiveHub,
    ];
    await Promise.all([a.ready(), b.ready(), c.ready()]);
    const heardOnB: unknown[] = [];
    const heardOnC: unknown[] = [];
    b.onInvalidation((change) => heardOnB.push(change));
    c.onInvalidation((change) => heardOnC.push(change));
    expect(a.invalidationsPending).toBe(false);
    a.publish([5], { type: 'request', data: { kind: 'friend' } });
    // An event is no invalidation: nothing waits for it.
    expect(a.invalidationsPending).toBe(false);
    a.usersChanged([7]);
    a.closeSessions(['family']);
    expect(a.invalidationsPending).toBe(true);
    const started = Date.now();
    await a.invalidationsSent();
    // Applied on both others by then, well before the timeout.
    expect(Date.now() - started).toBeLessThan(500);
    expect(a.invalidationsPending).toBe(false);
    expect(heardOnB).toEqual([{ users: [7] }, { sessions: ['family'] }]);
    expect(heardOnC).toEqual([{ users: [7] }, { sessions: ['family'] }]);
  });

  it('gives up on an instance that never acknowledges after a second', async () => {
    const prefix = `cadence-test-${randomUUID()}:`;
    const a = hub(SHARED_REDIS, prefix);
    await a.ready();
    // A subscriber that hears but never answers, as a hung instance would.
    const mute = new Redis(SHARED_REDIS);
    await mute.subscribe(`${prefix}live`);
    try {
      a.usersChanged([7]);
      const started = Date.now();
      await a.invalidationsSent(5000);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(3000);
      expect(a.invalidationsPending).toBe(false);
    } finally {
      mute.disconnect();
    }
  });
});

describe('LiveHub while Redis is away', () => {
  it('keeps its own streams hearing, never waits, and resyncs every stream when Redis returns', async () => {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    try {
      const prefix = `cadence-test-${randomUUID()}:`;
      const [a, b] = [hub(redis.url, prefix, 5), hub(redis.url, prefix)] as [LiveHub, LiveHub];
      await Promise.all([a.ready(), b.ready()]);
      const [onA, onB] = [sink(), sink()];
      a.attach(6, onA);
      b.attach(6, onB);
      expect(a.stats).toMatchObject({ redis: 'up', streams: 1 });

      await redis.stop();
      await expect.poll(() => a.stats.redis).toBe('down');
      const started = performance.now();
      for (let i = 0; i < 8; i += 1) a.publish([6], { type: 'notification', data: {} });
      expect(performance.now() - started).toBeLessThan(20);
      await expect.poll(() => onA.frames.length).toBe(8);
      expect(a.stats).toMatchObject({ queued: 5, dropped: 3 });
      expect(await a.online([6, 7])).toEqual(new Set([6]));
      expect(onB.frames).toEqual([]);

      await redis.start();
      await expect.poll(() => onA.frames.includes(RESYNC), { timeout: 5000 }).toBe(true);
      await expect.poll(() => onB.frames.includes(RESYNC), { timeout: 5000 }).toBe(true);
      expect(a.stats).toMatchObject({ redis: 'up', resyncs: 1 });
      await expect.poll(() => a.stats.queued).toBe(0);
      // Across instances again, and the queue kept the newest while it waited.
      onB.frames.length = 0;
      a.publish([6], { type: 'request', data: { kind: 'friend' } });
      await expect.poll(() => onB.frames.includes(FRIEND)).toBe(true);
      expect(onA.frames.filter((frame) => frame === RESYNC)).toHaveLength(1);
    } finally {
      await redis.stop();
    }
  });
});
