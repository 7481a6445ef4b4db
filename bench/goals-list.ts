/**
 * Goals list: a user with 1,000 goals × 3 sub-goals × 5 tasks (and 40 deleted ones), made through
 * the real API, `GET /api/objectifs` against the built server, and in the same run the real
 * ceiling — a bare Fastify route sending the very bytes the app sent, from memory (bare-server.mjs)
 * — each in a process of its own, autocannon at 50 connections. Four rows: every goal and
 * `?filter=progress&tag=high`, each plain and with `Accept-Encoding: br` (the bare route sends the
 * app's brotli bytes). Prints req/s, p50, p99, the ratio and the sizes, on SQLite and, when
 * DATABASE_URL or BENCH_DATABASE_URL is set, on PostgreSQL (each row measured on SQLite, the bare
 * route, then PostgreSQL). Then checks the reads: every live goal once, with its 3 × 5 tasks,
 * flags, tags and progress; the filtered read holds exactly the goals in progress tagged `high`
 * that are not deleted; brotli decodes to the plain bytes; the ETag answers 304 with no body. Goal on SQLite: ratio ≥ 0.5; the table says whether it is met. The run fails when a
 * read is wrong or a request fails, not on a ratio: CI machines are shared and must not flake.
 */
import { call, type Client, signUp } from './board-fixtures';
import {
  cores,
  type Engine,
  enginesFor,
  inParallel,
  printTable,
  printWholeRun,
  reportProblems,
  seconds,
  startOnEngine,
} from './harness';
import { compareWithBare, fetchBodies, metOrMissed, notModified, onEachEngine } from './wire';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const GOAL_RATIO = 0.5;
const LIVE_GOALS = 1000;
const DELETED_GOALS = 40;
const SUB_GOALS = 3;
const TASKS = 5;
const SEED_CONCURRENCY = 20;
const FILTER = '?filter=progress&tag=high';
/** The two reads measured, and the bare route that sends each one's bytes. */
const QUERIES = [
  { name: 'all', search: '', route: '/goals' },
  { name: 'progress+high', search: FILTER, route: '/goals-progress-high' },
];

// ---------------------------------------------------------------------------------------------
// The fixture: what each goal is made as, so that every read can be checked against it.

interface PlannedGoal {
  index: number;
  id: string;
  title: string;
  tags: string[];
  isProgress: boolean;
  isDone: boolean;
  deleted: boolean;
  progress: number;
  body: unknown;
}

const themes = ['team', 'low', 'medium', 'update'] as const;
const subjects = [
  'ship the quarterly roadmap',
  'run a half marathon',
  'read twelve books',
  'learn conversational Portuguese',
  'cut the build time in half',
  'mentor two new colleagues',
  'publish the design system',
];
const weights = [10, 15, 20, 25, 30];

/** Goal i: a fifth tagged high, a third in progress, an eighth of the rest done; the last 40 deleted. */
function plan(index: number): PlannedGoal {
  const deleted = index >= LIVE_GOALS;
  const tags: string[] = [themes[index % themes.length]!];
  if (deleted ? index % 2 === 0 : index % 5 === 0) tags.push('high');
  if (index % 6 === 0 && tags[0] !== 'team') tags.push('team');
  // Deleted goals are in progress, half of them tagged high: the filter must leave them out.
  const isProgress = deleted || index % 3 === 0;
  const isDone = !isProgress && index % 8 === 1;
  let total = 0;
  let done = 0;
  const subObjectives = Array.from({ length: SUB_GOALS }, (_, s) => ({
    title: `Stage ${s + 1} of goal ${index + 1}`,
    tasks: Array.from({ length: TASKS }, (_, t) => {
      const taskDone = (index + s + t) % 4 === 0;
      total += weights[t]!;
      if (taskDone) done += weights[t]!;
      return {
        text: `Step ${t + 1}: a concrete piece of stage ${s + 1}`,
        done: taskDone,
        percentage: weights[t]!,
      };
    }),
  }));
  const title = `Goal ${index + 1}: ${subjects[index % subjects.length]}`;
  return {
    index,
    id: '',
    title,
    tags,
    isProgress,
    isDone,
    deleted,
    progress: Math.round((100 * done) / total),
    body: {
      title,
      description: 'A goal with a short description, a few stages and weighted steps, as most goals have.',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      timeline: 'quarter',
      time: 'morning',
      dedicatedHours: 2,
      tags,
      subObjectives,
    },
  };
}

/** Makes every planned goal, SEED_CONCURRENCY requests in flight. */
async function seed(client: Client): Promise<PlannedGoal[]> {
  const goals = Array.from({ length: LIVE_GOALS + DELETED_GOALS }, (_, i) => plan(i));
  await inParallel(goals, SEED_CONCURRENCY, async (goal) => {
    goal.id = (await call<{ _id: string }>(client, 'POST', '/objectifs', goal.body))._id;
    if (goal.isProgress) await call(client, 'PUT', `/objectifs/${goal.id}`, { isProgress: true });
    if (goal.isDone) await call(client, 'PUT', `/objectifs/${goal.id}`, { isDone: true });
    if (goal.deleted) await call(client, 'DELETE', `/objectifs/${goal.id}`);
  });
  return goals;
}

// ---------------------------------------------------------------------------------------------
// The checks.

interface GoalRead {
  _id: string;
  title: string;
  tags: string[];
  isProgress: boolean;
  isDone: boolean;
  isDeleted: boolean;
  progress: number;
  subObjectives: Array<{ tasks: unknown[] }>;
}

/** What is wrong with a list read, in plain words (empty when it holds exactly `expected`). */
function checkList(label: string, json: Buffer, expected: readonly PlannedGoal[]): string[] {
  const problems: string[] = [];
  let list: { data: GoalRead[]; count: number };
  try {
    list = JSON.parse(json.toString('utf8')) as typeof list;
  } catch {
    return [`${label}: the answer is not JSON`];
  }
  if (!Array.isArray(list.data)) return [`${label}: the answer has no data array`];
  if (list.count !== expected.length || list.data.length !== expected.length)
    problems.push(`${label}: ${list.data.length} goals, count ${list.count}; ${expected.length} expected`);
  const read = new Map<string, GoalRead>();
  for (const goal of list.data) {
    if (read.has(goal._id)) problems.push(`${label}: goal ${goal._id} (“${goal.title}”) appears twice`);
    read.set(goal._id, goal);
  }
  const planned = new Map(expected.map((goal) => [goal.id, goal]));
  for (const goal of expected) {
    const got = read.get(goal.id);
    if (!got) {
      problems.push(
        `${label}: goal ${goal.id} (“${goal.title}”, tags ${goal.tags.join(', ')}${goal.isProgress ? ', in progress' : ''}${goal.isDone ? ', done' : ''}) is missing`,
      );
      continue;
    }
    const shape = got.subObjectives?.map((sub) => sub.tasks?.length ?? 0) ?? [];
    if (shape.length !== SUB_GOALS || shape.some((n) => n !== TASKS))
      problems.push(
        `${label}: goal ${goal.id} has sub-goals × tasks [${shape.join(', ')}], not ${SUB_GOALS} × ${TASKS}`,
      );
    const tags = [...(got.tags ?? [])].sort().join(', ');
    if (tags !== [...goal.tags].sort().join(', '))
      problems.push(`${label}: goal ${goal.id} has tags ${tags}, not ${goal.tags.join(', ')}`);
    if (got.isProgress !== goal.isProgress || got.isDone !== goal.isDone || got.isDeleted !== false)
      problems.push(
        `${label}: goal ${goal.id} reads isProgress ${got.isProgress}, isDone ${got.isDone}, isDeleted ${got.isDeleted}; expected ${goal.isProgress}, ${goal.isDone}, false`,
      );
    if (got.progress !== goal.progress)
      problems.push(`${label}: goal ${goal.id} reads progress ${got.progress}, not ${goal.progress}`);
  }
  for (const got of list.data) {
    if (planned.has(got._id)) continue;
    problems.push(
      `${label}: holds goal ${got._id} (“${got.title}”: tags ${got.tags?.join(', ')}, isProgress ${got.isProgress}, isDeleted ${got.isDeleted}), which it should not`,
    );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Measuring.

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** A server on `engine` with its user's goals made, and the two reads fetched and checked. */
async function prepare(engine: Engine) {
  const { server, stop } = await startOnEngine(engine, 'cadence_bench_goals', postgresUrl);
  try {
    const problems: string[] = [];
    const client = await signUp(server.url);
    const seedStarted = performance.now();
    const goals = await seed(client);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const listUrl = `${server.url}/api/objectifs`;
    const auth = { authorization: `Bearer ${client.token}` };
    const live = goals.filter((goal) => !goal.deleted);
    const progressHigh = live.filter((goal) => goal.isProgress && goal.tags.includes('high'));
    const read = (url: string, label: string, expected: PlannedGoal[]) =>
      fetchBodies(url, auth, label, (json) => checkList(label, json, expected), problems);
    const all = await read(listUrl, `${engine} GET /api/objectifs`, live);
    const filtered = await read(`${listUrl}${FILTER}`, `${engine} GET /api/objectifs${FILTER}`, progressHigh);
    const etag = String(all.plain.headers.etag ?? '');
    if (!etag) problems.push(`${engine}: GET /api/objectifs sent no ETag`);
    return {
      engine,
      stop,
      listUrl,
      auth,
      url: (index: number) => `${listUrl}${QUERIES[index]!.search}`,
      bodies: [all, filtered],
      all,
      filtered,
      etag,
      problems,
      seedSeconds,
      progressHigh: progressHigh.length,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The four rows on every prepared server (see compareWithBare); the ratio's goal on SQLite only. */
const measureAll = (servers: Prepared[]) =>
  compareWithBare(servers, QUERIES, 'query', (_app, ratio, engine) => ({
    [`goal ≥ ${GOAL_RATIO}`]: engine === 'SQLite' ? metOrMissed(ratio >= GOAL_RATIO) : '—',
  }));

/** After the load: the version has not moved, and a client holding it gets 304 and no body. */
async function revalidate({ engine, listUrl, auth, etag, problems }: Prepared) {
  const revalidations = [];
  for (const [label, url, headers] of [
    ['all', listUrl, {}],
    ['all, br', listUrl, { 'accept-encoding': 'br' }],
    ['progress+high', `${listUrl}${FILTER}`, {}],
  ] as const) {
    const what = `${engine} GET /api/objectifs (${label})`;
    revalidations.push(await notModified(url, { ...auth, ...headers }, etag, label, what, problems));
  }
  return revalidations.join(', ');
}

const started = performance.now();
const {
  servers,
  measured: rows,
  afterwards: revalidations,
} = await onEachEngine(enginesFor(postgresUrl), prepare, measureAll, revalidate);
const first = servers[0]!;
printTable(
  `Goals list: ${LIVE_GOALS} goals × ${SUB_GOALS} sub-goals × ${TASKS} tasks (${(first.all.plain.body.length / 1024).toFixed(0)} KB of JSON; ${first.progressHigh} in progress tagged high), 50 connections, ${seconds} s each, ${cores} cores; bare = the same bytes from memory${servers.length > 1 ? ', measured between the two engines' : ''}`,
  rows,
);
for (const [index, server] of servers.entries()) {
  console.log(
    `${server.engine}: seeded ${LIVE_GOALS + DELETED_GOALS} goals in ${server.seedSeconds.toFixed(1)} s; If-None-Match ${server.etag} → ${revalidations[index]}`,
  );
}
for (const row of rows) {
  if (row.engine === 'SQLite' && Number(row.ratio) < GOAL_RATIO)
    console.log(`Goal missed on SQLite (${row.query}, ${row.encoding}): ratio ${row.ratio} < ${GOAL_RATIO}`);
}
printWholeRun(started);
reportProblems(
  'The goals list read is wrong',
  servers.flatMap((s) => s.problems),
);
