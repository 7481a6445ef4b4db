/**
 * Live fan-out (D38): 1,000 users connected to `GET /api/live` on one instance, all able to see one
 * board, and one change to that board. How long until the LAST of the 1,000 clients has the
 * `board` event (p50, p99; goal p99 < 250 ms), and how much the server's memory grows per open
 * stream.
 *
 * Measured as users meet it: the built server (npm run build first) in a process of its own, the
 * clients in this one, talking HTTP over 127.0.0.1. The owner signs up through the API; the 999
 * others are written into the server's database as the API would write them (users with a password
 * no one can type, each the owner's friend both ways, as an accepted request leaves it) and get
 * access tokens signed by the server's own AccessTokens with the JWT_SECRET the server is started
 * with — 1,000 sign-ups through the API would spend half a minute in argon2 and measure nothing
 * here. Sharing goes through the API: the 999 friends in two groups (a group holds at most 500),
 * the board created with the first group and given the second (a group alone adds its members).
 *
 * Then each of the 1,000 users opens ONE stream (node:http, `agent: false`: 1,000 sockets) and the
 * run waits until every one has had `ready`. The server's memory before the streams open and with
 * all of them open and idle (read after the timed changes below, so that nothing forced happens
 * just before them), each after a full GC, gives the memory per connection: its RSS (its
 * /proc/<pid>/status VmRSS) and its JavaScript heap in use. The GC is asked for through the
 * server's inspector (the server runs with `--inspect=127.0.0.1:0`; no session is attached while
 * anything is timed): without it, the RSS growth of the same run moved between 2 and 20 KB per
 * connection (once −23), as the openings' garbage happened to grow the young generation or not.
 *
 * Then the owner renames a list through the API, one change at a time, 3 unmeasured and then
 * BENCH_SECONDS × 6 (10 → 60; CI's 5 → 30), waiting after each until all 1,000 clients have its
 * `board` event: from just before the request is sent to the first and to the last client's
 * event, and to the HTTP answer; and the CPU time each process spent per change (the server's
 * from /proc/<pid>/stat). With fewer than 100 changes the p99 is their maximum (nearest rank). The server and this process share the machine's cores, and this process reads 1,000
 * sockets: that reading is part of what the last client waits for, so the reader is lean — one
 * `data` listener per socket, frames found by string search, no JSON.parse of a `board` event (its
 * version is read with indexOf and parseInt).
 *
 * Two rows: SQLite with the events kept in the process, and SQLite with REDIS_URL (BENCH_REDIS_URL,
 * by default redis://127.0.0.1:6379, under a prefix of its own), as several instances run; with
 * BENCH_DATABASE_URL, the same two on PostgreSQL. Fails when a client misses an event or gets one
 * twice, gets a version that was never made, or its stream ends — never on the goal: CI machines are
 * shared and must not flake.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Db } from '../server/src/db';
import { AccessTokens } from '../server/src/lib/tokens';
import { collectedMemory, cpuMs } from './process-probe';
import { call, type Client, signUp } from './board-fixtures';
import {
  cores,
  type Engine,
  enginesFor,
  inParallel,
  percentile,
  printTable,
  round1 as ms,
  seconds,
  startOnEngine,
} from './harness';

const STREAMS = 1000;
const MEMBERS = STREAMS - 1;
const GROUP_LIMIT = 500;
const GOAL_P99_MS = 250;
const WARM_UP_CHANGES = 3;
const CHANGES = Math.max(20, Math.round(seconds * 6));
const OPEN_CONCURRENCY = 50;
const CHANGE_TIMEOUT_MS = 10_000;
const INSERT_BATCH = 250;
const TOKEN_TTL_MS = 30 * 60_000;
const postgresUrl = process.env.BENCH_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The owner (signed up through the API) and 999 friends (written into the database), on one board
 * shared with them all through the API, with one list to rename.
 */
async function seed(url: string, db: Db, secret: string) {
  const owner = await signUp(url);
  if (!owner.token) throw new Error('seeding: the owner could not sign up');
  const ownerId = Number(owner.userId);
  const tag = randomBytes(4).toString('hex');
  const at = new Date().toISOString();
  const memberIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < MEMBERS; from += INSERT_BATCH) {
      const rows = await trx
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(INSERT_BATCH, MEMBERS - from) }, (_, k) => ({
            username: `live${tag}${from + k}`,
            email: `live${tag}${from + k}@example.com`,
            full_name: `Live ${from + k}`,
            // Not an argon2 hash: verifying it fails, so no one can sign in as them.
            password_hash: '!bench',
            role: 'admin',
            created_at: at,
            updated_at: at,
          })),
        )
        .returning('id')
        .execute();
      memberIds.push(...rows.map((row) => row.id));
    }
    for (let from = 0; from < MEMBERS; from += INSERT_BATCH) {
      await trx
        .insertInto('friendships')
        .values(
          memberIds.slice(from, from + INSERT_BATCH).flatMap((id) => [
            { user_id: ownerId, friend_id: id, created_at: at },
            { user_id: id, friend_id: ownerId, created_at: at },
          ]),
        )
        .execute();
    }
  });
  const groups: string[] = [];
  for (let from = 0; from < MEMBERS; from += GROUP_LIMIT) {
    const group = await call<{ _id: string }>(owner, 'POST', '/groups', {
      name: `Live ${groups.length + 1}`,
      memberIds: memberIds.slice(from, from + GROUP_LIMIT).map(String),
    });
    groups.push(group._id);
  }
  const board = await call<{ _id: string }>(owner, 'POST', '/projects', {
    name: 'Live board',
    group: groups[0],
  });
  for (const group of groups.slice(1)) await call(owner, 'PUT', `/projects/${board._id}`, { group });
  const list = await call<{ _id: string }>(owner, 'POST', `/projects/${board._id}/lists`, { name: 'Live' });
  const { data: shared } = await call<{ data: { members: unknown[] } }>(
    owner,
    'GET',
    `/projects?id=${board._id}`,
  );
  if (shared.members.length !== MEMBERS)
    throw new Error(`seeding: the board has ${shared.members.length} members, not ${MEMBERS}`);
  // Each member gets a session as a sign-in would make one: a refresh-token family (the server
  // checks at every request that the access token's session is alive) and an access token in it.
  const tokens = new AccessTokens(secret, TOKEN_TTL_MS);
  const sessions = memberIds.map((id) => ({ id, family: randomUUID() }));
  const expires = new Date(Date.now() + 24 * 3_600_000).toISOString();
  for (let from = 0; from < sessions.length; from += INSERT_BATCH) {
    await db
      .insertInto('refresh_tokens')
      .values(
        sessions.slice(from, from + INSERT_BATCH).map(({ id, family }) => ({
          user_id: id,
          family_id: family,
          token_hash: randomBytes(32).toString('hex'),
          created_at: at,
          expires_at: expires,
          used_at: null,
          revoked_at: null,
        })),
      )
      .execute();
  }
  const members: Client[] = await Promise.all(
    sessions.map(async ({ id, family }) => ({
      url,
      userId: String(id),
      token: await tokens.sign(id, 'admin', family),
    })),
  );
  return { owner, users: [owner, ...members], boardId: board._id, listId: list._id };
}

/** Where the clients' `board` events are counted: per stream and version, and for the change awaited. */
class Tally {
  readonly problems: string[] = [];
  /** counts[stream × versions + (version − base − 1)] */
  private readonly counts: Uint16Array;
  private awaited?: {
    version: number;
    received: number;
    first: number;
    last: number;
    done: () => void;
  };

  constructor(
    private readonly streams: number,
    private readonly base: number,
    private readonly versions: number,
  ) {
    this.counts = new Uint16Array(streams * versions);
  }

  problem(text: string) {
    if (this.problems.length < 20) this.problems.push(text);
  }

  board(stream: number, version: number) {
    const at = performance.now();
    const k = version - this.base - 1;
    if (!(k >= 0 && k < this.versions)) {
      this.problem(`stream ${stream}: a board event with version ${version}, not made here`);
      return;
    }
    const seen = this.counts[stream * this.versions + k]!;
    this.counts[stream * this.versions + k] = seen + 1;
    const awaited = this.awaited;
    if (seen > 0 || !awaited || awaited.version !== version) return;
    awaited.received += 1;
    if (awaited.received === 1) awaited.first = at;
    if (awaited.received === this.streams) {
      awaited.last = at;
      awaited.done();
    }
  }

  /** Resolves when every stream has `version` (its first and last arrival), or fails after a time. */
  expect(version: number): Promise<{ first: number; last: number }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const received = this.awaited?.received ?? 0;
        this.awaited = undefined;
        reject(
          new Error(
            `version ${version}: ${received} of ${this.streams} clients within ${CHANGE_TIMEOUT_MS} ms`,
          ),
        );
      }, CHANGE_TIMEOUT_MS);
      const awaited = {
        version,
        received: 0,
        first: 0,
        last: 0,
        done: () => {
          clearTimeout(timer);
          this.awaited = undefined;
          resolve({ first: awaited.first, last: awaited.last });
        },
      };
      this.awaited = awaited;
    });
  }

  /** Every stream had every version exactly once. */
  check() {
    for (let stream = 0; stream < this.streams; stream += 1) {
      for (let k = 0; k < this.versions; k += 1) {
        const seen = this.counts[stream * this.versions + k]!;
        if (seen !== 1) this.problem(`stream ${stream}: version ${this.base + k + 1} arrived ${seen} times`);
      }
    }
  }
}

interface Stream {
  request: http.ClientRequest;
}

/**
 * One stream, read lean: frames found by indexOf, a `board` event's version read with parseInt
 * (and its board checked by string search); resolves once `ready` names the user.
 */
function openStream(
  url: string,
  user: Client,
  index: number,
  boardId: string,
  tally: () => Tally | undefined,
  state: { closing: boolean },
): Promise<Stream> {
  const boardMark = `"boardId":"${boardId}"`;
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/live`, {
      headers: { authorization: `Bearer ${user.token}` },
      agent: false,
    });
    request.on('error', (error) => {
      if (!state.closing) tally()?.problem(`stream ${index}: ${error.message}`);
      reject(error);
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream ${index}: GET /api/live answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let ready = false;
      response.on('data', (chunk: string) => {
        buffer = buffer ? buffer + chunk : chunk;
        let start = 0;
        let end: number;
        while ((end = buffer.indexOf('\n\n', start)) >= 0) {
          if (buffer.startsWith('event: board\n', start)) {
            const at = buffer.indexOf('"version":', start);
            const mark = buffer.indexOf(boardMark, start);
            const current = tally();
            if (at < 0 || at > end || mark < 0 || mark > end)
              current?.problem(`stream ${index}: ${buffer.slice(start, end)}`);
            else current?.board(index, Number.parseInt(buffer.slice(at + 10, end), 10));
          } else if (!ready && buffer.startsWith('event: ready\n', start)) {
            ready = true;
            const data = JSON.parse(buffer.slice(buffer.indexOf('data: ', start) + 6, end)) as {
              userId: string;
            };
            if (data.userId !== user.userId)
              reject(new Error(`stream ${index}: ready for user ${data.userId}, not ${user.userId}`));
            else resolve({ request });
          } else if (buffer.startsWith('event: expired', start)) {
            tally()?.problem(`stream ${index}: expired`);
          }
          start = end + 2;
        }
        buffer = start < buffer.length ? buffer.slice(start) : '';
      });
      response.on('error', () => undefined);
      response.on('close', () => {
        if (!state.closing) tally()?.problem(`stream ${index}: ended by the server`);
        if (!ready) reject(new Error(`stream ${index}: ended before ready`));
      });
    });
  });
}

interface Row {
  label: string;
  openSeconds: number;
  seedSeconds: number;
  before: { rssKb: number; heapKb: number };
  after: { rssKb: number; heapKb: number };
  last: number[];
  first: number[];
  write: number[];
  /** CPU time per measured change, in the server's process and in this one. */
  serverCpuMs: number;
  clientCpuMs: number;
  problems: string[];
}

async function runRow(engine: Engine, redis: boolean): Promise<Row> {
  const label = `${engine}, ${redis ? 'through Redis' : 'in process'}`;
  const secret = randomBytes(36).toString('base64url');
  const started = await startOnEngine(engine, 'bench_live', postgresUrl, {
    JWT_SECRET: secret,
    LOG_LEVEL: 'warn',
    REMINDERS: 'false',
    // For collecting the garbage before each memory reading; no session is open while timing.
    NODE_OPTIONS: '--inspect=127.0.0.1:0',
    ...(redis ? { REDIS_URL: redisUrl, REDIS_PREFIX: `bench-live-${randomBytes(4).toString('hex')}:` } : {}),
  });
  const { server, database } = started;
  const state = { closing: false };
  const streams: Stream[] = [];
  let tally: Tally | undefined;
  try {
    const { pid } = server;
    const inspector = server.inspector();
    const seedStarted = performance.now();
    const { owner, users, boardId, listId } = await seed(server.url, database.db, secret);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // Warm-up without streams: the change's path, a board read, health.
    const rename = (n: number) =>
      call(owner, 'PUT', `/projects/${boardId}/lists/${listId}`, { name: `Live ${n}` });
    for (let n = 0; n < 5; n += 1) {
      await rename(-n);
      await call(owner, 'GET', '/health');
    }
    const {
      data: { version: base },
    } = await call<{ data: { version: number } }>(owner, 'GET', `/projects?id=${boardId}`);
    await sleep(500);
    const before = await collectedMemory(pid, inspector, 300);

    tally = new Tally(STREAMS, base, WARM_UP_CHANGES + CHANGES);
    const openStarted = performance.now();
    const current = () => tally;
    await inParallel([...users.keys()], OPEN_CONCURRENCY, async (index) => {
      streams.push(await openStream(server.url, users[index]!, index, boardId, current, state));
    });
    const openSeconds = (performance.now() - openStarted) / 1000;
    // The openings' own work (presence) done before anything is timed.
    await sleep(1000);

    const last: number[] = [];
    const first: number[] = [];
    const write: number[] = [];
    let serverCpu = 0;
    let clientCpu = process.cpuUsage();
    for (let n = 1; n <= WARM_UP_CHANGES + CHANGES; n += 1) {
      if (n === WARM_UP_CHANGES + 1) {
        serverCpu = cpuMs(pid);
        clientCpu = process.cpuUsage();
      }
      const arrived = tally.expect(base + n);
      const t0 = performance.now();
      await rename(n);
      const answered = performance.now() - t0;
      const times = await arrived;
      if (n > WARM_UP_CHANGES) {
        write.push(answered);
        first.push(times.first - t0);
        last.push(times.last - t0);
      }
    }
    const { user, system } = process.cpuUsage(clientCpu);
    const clientCpuMs = (user + system) / 1000 / CHANGES;
    const serverCpuMs = (cpuMs(pid) - serverCpu) / CHANGES;
    // Late duplicates would come now.
    await sleep(300);
    tally.check();
    // Read after the timing, so that no GC is forced and no inspector session opened just before it.
    const after = await collectedMemory(pid, inspector, 300);
    return {
      label,
      openSeconds,
      seedSeconds,
      before,
      after,
      last,
      first,
      write,
      serverCpuMs,
      clientCpuMs,
      problems: tally.problems,
    };
  } finally {
    state.closing = true;
    await started.stop();
    for (const stream of streams) stream.request.destroy();
  }
}

const rows: Row[] = [];
const engines = enginesFor(postgresUrl);
let failed = false;
for (const engine of engines) {
  for (const redis of [false, true]) {
    try {
      rows.push(await runRow(engine, redis));
    } catch (error) {
      failed = true;
      console.error(`${engine}, ${redis ? 'through Redis' : 'in process'}: ${(error as Error).message}`);
    }
  }
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
printTable(
  `Live fan-out: ${STREAMS.toLocaleString('en')} streams on one instance (GET /api/live, one socket each), one board they all see, ${CHANGES} list renames one at a time (after ${WARM_UP_CHANGES} unmeasured), ${cores} cores shared by the server and the clients' process; times from just before the request to the first and last client's parsed event, and to the HTTP answer; CPU time per change in the server's process and in the clients'${CHANGES < 100 ? `; with ${CHANGES} changes p99 is the maximum` : ''}`,
  rows.map((row) => {
    const last = sorted(row.last);
    const first = sorted(row.first);
    const write = sorted(row.write);
    return {
      row: row.label,
      'last p50 ms': ms(percentile(last, 50)),
      'last p99 ms': ms(percentile(last, 99)),
      'last max ms': ms(last.at(-1) ?? Number.NaN),
      'first p50 ms': ms(percentile(first, 50)),
      'first p99 ms': ms(percentile(first, 99)),
      'write p50 ms': ms(percentile(write, 50)),
      'write p99 ms': ms(percentile(write, 99)),
      'server CPU ms': ms(row.serverCpuMs),
      'client CPU ms': ms(row.clientCpuMs),
      'RSS KB/conn': ms((row.after.rssKb - row.before.rssKb) / STREAMS),
      'heap KB/conn': ms((row.after.heapKb - row.before.heapKb) / STREAMS),
      'RSS MB': `${ms(row.before.rssKb / 1024)} → ${ms(row.after.rssKb / 1024)}`,
      'open s': ms(row.openSeconds),
      'seed s': ms(row.seedSeconds),
    };
  }),
);
for (const row of rows) {
  const last = sorted(row.last);
  const first = sorted(row.first);
  const write = sorted(row.write);
  const p99 = percentile(last, 99);
  console.log(
    `live fan-out, ${STREAMS.toLocaleString('en')} streams, ${row.label}: last client p50 ${ms(percentile(last, 50))} ms, p99 ${ms(p99)} ms (goal p99 < ${GOAL_P99_MS} ms: ${p99 < GOAL_P99_MS ? 'met' : 'MISSED'}); first client p50 ${ms(percentile(first, 50))} ms, p99 ${ms(percentile(first, 99))} ms; write p50 ${ms(percentile(write, 50))} ms, p99 ${ms(percentile(write, 99))} ms; memory per connection ${ms((row.after.rssKb - row.before.rssKb) / STREAMS)} KB (RSS +${ms((row.after.rssKb - row.before.rssKb) / 1024)} MB for ${STREAMS.toLocaleString('en')}; JavaScript heap ${ms((row.after.heapKb - row.before.heapKb) / STREAMS)} KB)`,
  );
  if (row.problems.length > 0) {
    failed = true;
    console.error(`${row.label}: wrong deliveries:\n  ${row.problems.join('\n  ')}`);
  } else {
    console.log(
      `  every one of the ${STREAMS.toLocaleString('en')} clients had each of the ${WARM_UP_CHANGES + CHANGES} versions exactly once`,
    );
  }
}
if (failed) process.exitCode = 1;
