/**
 * The per-request floor (issue 31): what the app costs around its handlers. In one run, against the
 * built server (its own process, a fresh database) and a bare Fastify route answering the very
 * bytes the app answered, from memory (bare-server.mjs, a process of its own): `GET /api/health`,
 * `GET /api/jwt/me` signed in, and the to-do list read `GET /api/todos?user=…` of a user with 200
 * to-dos (the first page of 50). Each row is the app's req/s, p50, p99 at 50 connections for
 * BENCH_SECONDS, beside the bare route's with the same bytes, and their ratio against its goal
 * (≥ 0.5 health, ≥ 0.33 me, ≥ 0.25 the list), printed met or missed. On SQLite, or on a fresh
 * PostgreSQL database with BENCH_DATABASE_URL.
 *
 * The run fails when a request fails or an answer is not the one expected, not on a goal: CI
 * machines are shared and must not flake. The machine's load average is printed beside the table:
 * above the core count, the ratios say more than the req/s.
 */
import os from 'node:os';
import { call, signUp } from './board-fixtures';
import {
  cores,
  measure,
  printTable,
  printWholeRun,
  reportProblems,
  seconds,
  startOnEngine,
  warmUp,
} from './harness';
import { metOrMissed, rawGet, startBare } from './wire';

const started = performance.now();
const databaseUrl = process.env.BENCH_DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL' : 'SQLite';
const TODOS = 200;

interface Read {
  name: string;
  /** The bare server's route for it. */
  route: string;
  path: string;
  signedIn: boolean;
  goal: number;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
const loadBefore = loadAverage();

const { server, stop } = await startOnEngine(engine, 'cadence_bench_floor', databaseUrl);
const problems: string[] = [];
let bare: Awaited<ReturnType<typeof startBare>> | undefined;
try {
  const user = await signUp(server.url, 'Floor Bench');
  for (let i = 0; i < TODOS; i += 1) {
    await call(user, 'POST', '/todos', {
      title: `Task ${i} of the floor`,
      description: i % 3 === 0 ? `A longer description for task ${i}, as people write them.` : '',
      isImportant: i % 5 === 0,
      tags: i % 2 === 0 ? ['team'] : [],
      dueDate: i % 4 === 0 ? `2027-01-${String(1 + (i % 28)).padStart(2, '0')}` : null,
    });
  }
  const reads: Read[] = [
    { name: 'GET /api/health', route: '/health', path: '/api/health', signedIn: false, goal: 0.5 },
    { name: 'GET /api/jwt/me', route: '/me', path: '/api/jwt/me', signedIn: true, goal: 0.33 },
    {
      name: `GET /api/todos (${TODOS} to-dos, page of 50)`,
      route: '/todos',
      path: `/api/todos?user=${user.userId}`,
      signedIn: true,
      goal: 0.25,
    },
  ];
  const auth = { authorization: `Bearer ${user.token}` };
  const bodies = [];
  for (const read of reads) {
    const answer = await rawGet(`${server.url}${read.path}`, read.signedIn ? auth : {});
    if (answer.status !== 200) throw new Error(`${read.name}: ${answer.status} ${answer.body.toString()}`);
    if (answer.headers['content-encoding'])
      problems.push(`${read.name}: answered ${answer.headers['content-encoding']}`);
    if (!answer.headers['content-security-policy']) problems.push(`${read.name}: no Content-Security-Policy`);
    bodies.push({ route: read.route, json: answer.body, br: answer.body });
  }
  const me = JSON.parse(bodies[1]!.json.toString()) as { userData?: { _id?: string } };
  if (me.userData?._id !== user.userId) problems.push(`GET /api/jwt/me: not the signed-in user`);
  const list = JSON.parse(bodies[2]!.json.toString()) as { tasks?: unknown[]; total?: number };
  const listed = JSON.stringify(list).match(/Task \d+ of the floor/g)?.length ?? 0;
  if (listed !== 50) problems.push(`GET /api/todos: ${listed} tasks on the first page, 50 expected`);

  bare = await startBare(bodies);
  const rows = [];
  for (const [index, read] of reads.entries()) {
    const appOptions = { url: `${server.url}${read.path}`, headers: read.signedIn ? auth : {} };
    const bareOptions = { url: `${bare.url}${read.route}` };
    await warmUp(appOptions);
    const app = await measure(appOptions);
    await warmUp(bareOptions);
    const ceiling = await measure(bareOptions);
    const ratio = Number((app.reqPerSec / ceiling.reqPerSec).toFixed(2));
    rows.push({
      read: read.name,
      bytes: bodies[index]!.json.length,
      'app req/s': app.reqPerSec,
      'app p50 ms': app.p50,
      'app p99 ms': app.p99,
      'bare req/s': ceiling.reqPerSec,
      'bare p50 ms': ceiling.p50,
      'bare p99 ms': ceiling.p99,
      ratio,
      goal: `≥ ${read.goal}`,
      met: metOrMissed(ratio >= read.goal),
    });
  }
  printTable(
    `The per-request floor: the app against a bare route with the same bytes, ${engine}, 50 connections, ${seconds} s per row, ${cores} cores (load average ${loadBefore} before, ${loadAverage()} after)`,
    rows,
  );
} finally {
  bare?.stop();
  await stop();
}
reportProblems('The per-request floor', problems);
printWholeRun(started);
