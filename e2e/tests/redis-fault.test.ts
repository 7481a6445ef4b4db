/**
 * Redis goes away under load (D38): two built instances on one PostgreSQL database and
 * a Redis of the test's own. Four users rename their boards in a loop (two through each instance)
 * and four readers read them, while every user listens on both instances. Redis is stopped for
 * 10 s, then started again on the same port. Meanwhile:
 * - every request succeeds, and the p99 of the outage stays within 2× the p99 before it;
 * - a change reaches the streams of the instance that made it, at once, all along;
 * - per-IP limits hold per instance (each counts on its own while Redis is away);
 * - once Redis is back, every stream gets `resync`, and changes cross instances again.
 * The figures are printed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Board } from '@cadence/contract';
import { afterAll, expect, it } from 'vitest';
import { type LiveStream, openLive } from '../../server/src/test/live-client';
import { ownRedis } from '../support/redis';
import { freshPostgresDatabase, type RunningServer, startServer } from '../support/server';

const AUTH_LIMIT = 10;
/** The first seconds of load (connections, JIT) are not measured. */
const WARM_UP_MS = 2000;
const BEFORE_MS = 6000;
const OUTAGE_MS = 10_000;
const AFTER_MS = 6000;
/** Each client's pause between its requests: a steady load, not a saturating one. */
const PAUSE_MS = 25;
/** How late an event may arrive after the answer to the write that caused it. */
const HEARD_WITHIN_MS = 1000;

const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Phase = 'before' | 'outage' | 'after';

interface Sample {
  at: number;
  ms: number;
  status: number;
  what: 'read' | 'write';
}

interface Write {
  boardId: string;
  version: number;
  /** When its answer came. */
  at: number;
  /** The instance that took it, and the other one. */
  same: LiveStream;
  other: LiveStream;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A JSON call with its own client address (TRUST_PROXY=1: the test is the proxy), so that setup never meets a limit. */
async function call<T>(server: RunningServer, method: string, url: string, token?: string, body?: object) {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      'x-forwarded-for': `10.1.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The answers of `count` requests from one address to a per-IP limited route. */
async function probeLimit(server: RunningServer, address: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${server.url}/api/meeting-answers/not-a-token`, {
      headers: { 'x-forwarded-for': address },
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

it('keeps answering, delivering and limiting while Redis is stopped for 10 s, and resyncs after', async () => {
  const redis = await ownRedis();
  cleanups.push(() => redis.stop());
  const database = await freshPostgresDatabase('cadence_redis_fault');
  cleanups.push(database.drop);
  const prefix = `cadence-fault-${randomBytes(6).toString('hex')}:`;
  const env = (name: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cadence-fault-${name}-`));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'redis-fault-test-secret-long-enough-for-hs256',
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      SEED_DEMO: 'false',
      REMINDERS: 'false',
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      LOG_LEVEL: 'warn',
    };
  };
  // One first, so that the two do not race to migrate the new database.
  const a = await startServer(env('a'));
  cleanups.push(() => a.stop());
  const b = await startServer(env('b'));
  cleanups.push(() => b.stop());
  const servers = [a, b] as const;
  const name = (server: RunningServer) => (server === a ? 'A' : 'B');

  // Four users, each with a board, writing through A or B and listening on both.
  const users = await Promise.all(
    [0, 1, 2, 3].map(async (index) => {
      const tag = randomBytes(4).toString('hex');
      const writesTo = servers[index % 2]!;
      const session = await call<{ accessToken: string }>(writesTo, 'POST', '/jwt/register', undefined, {
        username: `fault${index}${tag}`,
        email: `fault${index}${tag}@example.com`,
        password: 'a good long password',
      });
      const token = session.accessToken;
      const board = await call<Board>(writesTo, 'POST', '/projects', token, { name: `Board ${index}` });
      const onA = await openLive(a.url, token);
      const onB = await openLive(b.url, token);
      cleanups.push(
        () => onA.close(),
        () => onB.close(),
      );
      await Promise.all([onA.next('ready', undefined, 5000), onB.next('ready', undefined, 5000)]);
      const readsFrom = servers[(index + 1) % 2]!;
      return {
        token,
        boardId: board._id,
        writesTo,
        readsFrom,
        same: writesTo === a ? onA : onB,
        other: writesTo === a ? onB : onA,
      };
    }),
  );
  const streams = users.flatMap((user) => [user.same, user.other]);

  const samples: Sample[] = [];
  const writes: Write[] = [];
  const failures: string[] = [];
  let running = true;
  const timed = async (
    what: Sample['what'],
    server: RunningServer,
    method: string,
    url: string,
    token: string,
    body?: object,
  ) => {
    const start = performance.now();
    const response = await fetch(`${server.url}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const ms = performance.now() - start;
    samples.push({ at: Date.now(), ms, status: response.status, what });
    if (!response.ok)
      failures.push(`${method} ${url} on ${name(server)}: ${response.status} ${text.slice(0, 200)}`);
    return response.ok ? (JSON.parse(text) as unknown) : undefined;
  };
  const clients = users.flatMap((user) => [
    (async () => {
      for (let n = 0; running; n += 1) {
        const board = (await timed('write', user.writesTo, 'PUT', `/projects/${user.boardId}`, user.token, {
          name: `Renamed ${n}`,
        })) as Board | undefined;
        if (board)
          writes.push({
            boardId: user.boardId,
            version: board.version,
            at: Date.now(),
            same: user.same,
            other: user.other,
          });
        await sleep(PAUSE_MS);
      }
    })(),
    (async () => {
      while (running) {
        await timed('read', user.readsFrom, 'GET', `/projects?id=${user.boardId}`, user.token);
        await sleep(PAUSE_MS);
      }
    })(),
  ]);

  await sleep(WARM_UP_MS);
  const measuredFrom = Date.now();
  await sleep(BEFORE_MS);
  const stoppedAt = Date.now();
  await redis.stop();
  await sleep(OUTAGE_MS / 2);
  // Halfway through: one address, over the limit on each instance. With Redis, the two would
  // count together and B would refuse at once; without it, each instance counts on its own.
  const limitAddress = `10.200.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const limitedOnA = await probeLimit(a, limitAddress, AUTH_LIMIT + 2);
  const limitedOnB = await probeLimit(b, limitAddress, AUTH_LIMIT + 2);
  await sleep(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));
  await redis.start();
  const restartedAt = Date.now();
  await Promise.all(streams.map((stream) => stream.next('resync', undefined, 10_000)));
  const resyncedAt = Math.max(
    ...streams.map((stream) => stream.messages.find((m) => m.event === 'resync')!.at),
  );
  await sleep(Math.max(0, restartedAt + AFTER_MS - Date.now()));
  running = false;
  await Promise.all(clients);
  // The last events of the last writes.
  await sleep(HEARD_WITHIN_MS);

  const phaseOf = (at: number): Phase => (at < stoppedAt ? 'before' : at < restartedAt ? 'outage' : 'after');
  const latencies = (phase: Phase) =>
    samples.filter((s) => s.at >= measuredFrom && phaseOf(s.at) === phase).map((s) => s.ms);
  const figures = (['before', 'outage', 'after'] as const).map((phase) => {
    const ms = latencies(phase);
    return {
      phase,
      requests: ms.length,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      max: Math.max(...ms),
    };
  });
  const heard = (stream: LiveStream, write: Write) =>
    stream.messages.some(
      (m) =>
        m.event === 'board' &&
        (m.data as { boardId: string; version: number }).boardId === write.boardId &&
        (m.data as { version: number }).version === write.version &&
        m.at <= write.at + HEARD_WITHIN_MS,
    );
  const duringOutage = writes.filter((w) => w.at >= stoppedAt && w.at < restartedAt);
  const sameHeard = duringOutage.filter((w) => heard(w.same, w)).length;
  const otherHeardDuring = duringOutage.filter((w) => heard(w.other, w)).length;
  // Made after every stream had resynced: each must cross to the other instance.
  const afterResync = writes.filter((w) => w.at > resyncedAt + 200);
  const crossHeard = afterResync.filter((w) => heard(w.other, w)).length;
  const resyncs = streams.map((stream) => stream.messages.filter((m) => m.event === 'resync').length);

  console.log(
    [
      `redis fault: 2 instances, ${users.length} writers + ${users.length} readers, ${streams.length} live streams; Redis down ${restartedAt - stoppedAt} ms`,
      ...figures.map(
        (f) =>
          `  ${f.phase.padEnd(6)}: ${String(f.requests).padStart(5)} requests, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms`,
      ),
      `  failed requests: ${failures.length}`,
      `  writes during the outage: ${duringOutage.length}; heard on the same instance within ${HEARD_WITHIN_MS} ms: ${sameHeard}; on the other: ${otherHeardDuring}`,
      `  resync: ${resyncs.filter((count) => count > 0).length}/${streams.length} streams, the last ${resyncedAt - restartedAt} ms after Redis was back (per stream: ${resyncs.join(',')})`,
      `  writes after the resync: ${afterResync.length}; heard on the other instance within ${HEARD_WITHIN_MS} ms: ${crossHeard}`,
      `  one address over the limit (${AUTH_LIMIT}/min) during the outage: A ${limitedOnA.join(' ')}; B ${limitedOnB.join(' ')}`,
    ].join('\n'),
  );

  expect(failures).toEqual([]);
  const [before, outage, after] = figures as [(typeof figures)[0], (typeof figures)[0], (typeof figures)[0]];
  expect(before.requests).toBeGreaterThan(200);
  expect(outage.requests, 'the load went on during the outage').toBeGreaterThan(before.requests);
  expect(outage.p99, 'p99 during the outage within 2× the p99 before').toBeLessThanOrEqual(2 * before.p99);
  expect(after.p99).toBeLessThanOrEqual(2 * before.p99);

  expect(duringOutage.length).toBeGreaterThan(40);
  expect(sameHeard, 'every change made during the outage reached the streams of its instance').toBe(
    duringOutage.length,
  );

  expect(resyncs, 'one resync per stream').toEqual(streams.map(() => 1));
  expect(afterResync.length).toBeGreaterThan(20);
  expect(crossHeard, 'changes cross instances again').toBe(afterResync.length);

  const refusedFrom = (statuses: number[]) => statuses.findIndex((status) => status === 429);
  expect(refusedFrom(limitedOnA), 'A refuses past the limit').toBe(AUTH_LIMIT);
  expect(refusedFrom(limitedOnB), 'B counts on its own, and refuses past the limit').toBe(AUTH_LIMIT);
  expect(limitedOnA.slice(AUTH_LIMIT)).toEqual([429, 429]);
  expect(limitedOnB.slice(AUTH_LIMIT)).toEqual([429, 429]);

  for (const server of servers) {
    expect(server.output()).toContain('the Redis subscription dropped');
    expect(server.output()).toContain('rate limits: Redis is away');
  }
}, 60_000);
