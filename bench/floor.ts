/**
 * The per-request floor: what the app costs around its handlers. In one run, against the
 * built server (its own process, a fresh database) and a bare Fastify route answering the very
 * bytes the app answered, from memory (bare-server.mjs, a process of its own): `GET /api/health`,
 * `GET /api/jwt/me` signed in, and the to-do list read `GET /api/todos?user=…` of a user with 200
 * to-dos (the first page of 50). Each row measures the app and the bare route with the same bytes
 * at 50 connections in alternating turns of a second (BENCH_SECONDS turns of each, at least 5; the
 * order swapped each pair, as this machine's speed moves from one minute to the next): the median
 * of the turns' req/s, p50 and p99, and the median of the pairs' ratios (with the lowest and
 * highest) against its goal (≥ 0.5 health, ≥ 0.33 me, ≥ 0.25 the list), printed met or missed. On SQLite, or on a fresh
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
  type Load,
  measure,
  median,
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
/** Turns of a second each, app then bare (or bare then app): BENCH_SECONDS of each per row. */
const SLICE_SECONDS = 1;
const PAIRS = Math.max(5, Math.round(seconds / SLICE_SECONDS));

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
    await warmUp(bareOptions);
    // Interleaved: the app and the bare route in turns of a second, the order swapped each pair, so
    // that both meet the same machine (on two shared cores its speed moves by half from one
    // minute to the next); the ratio is the median of the pairs'.
    const app: Load[] = [];
    const ceiling: Load[] = [];
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const turn = [
        async () => app.push(await measure({ ...appOptions, duration: SLICE_SECONDS })),
        async () => ceiling.push(await measure({ ...bareOptions, duration: SLICE_SECONDS })),
      ];
      if (pair % 2 === 1) turn.reverse();
      for (const run of turn) await run();
    }
    const ratio = Number(median(app.map((slice, k) => slice.reqPerSec / ceiling[k]!.reqPerSec)).toFixed(2));
    const mid = (slices: Load[], key: 'reqPerSec' | 'p50' | 'p99') =>
      median(slices.map((slice) => slice[key]));
    rows.push({
      read: read.name,
      bytes: bodies[index]!.json.length,
      'app req/s': mid(app, 'reqPerSec'),
      'app p50 ms': mid(app, 'p50'),
      'app p99 ms': mid(app, 'p99'),
      'bare req/s': mid(ceiling, 'reqPerSec'),
      'bare p50 ms': mid(ceiling, 'p50'),
      'bare p99 ms': mid(ceiling, 'p99'),
      ratio,
      'pairs (lowest–highest ratio)': `${PAIRS} (${Math.min(...app.map((slice, k) => slice.reqPerSec / ceiling[k]!.reqPerSec)).toFixed(2)}–${Math.max(...app.map((slice, k) => slice.reqPerSec / ceiling[k]!.reqPerSec)).toFixed(2)})`,
      goal: `≥ ${read.goal}`,
      met: metOrMissed(ratio >= read.goal),
    });
  }
  printTable(
    `The per-request floor: the app against a bare route with the same bytes, ${engine}, 50 connections, ${PAIRS} turns of ${SLICE_SECONDS} s each in alternation per row (median of the pairs' ratios), ${cores} cores (load average ${loadBefore} before, ${loadAverage()} after)`,
    rows,
  );
} finally {
  bare?.stop();
  await stop();
}
reportProblems('The per-request floor', problems);
printWholeRun(started);
