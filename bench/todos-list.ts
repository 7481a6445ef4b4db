/**
 * To-dos list: a user with 10,000 tasks (a fifth of them deleted, half with tags, one in 33 a
 * friend's assigned to them) among 95,000 of 19 other users, `GET /api/todos?user=…` against the
 * built server, and in the same run the real ceiling — a bare Fastify route sending the very bytes
 * the app sent, from memory (bare-server.mjs) — each in a process of its own, autocannon at 50
 * connections. Four rows: `filter=important&sortBy=due-date` and a search `q=invoice` (the word in
 * a few % of titles and descriptions, in mixed case), each plain and with `Accept-Encoding: br`
 * (the bare route sends the app's brotli bytes). Prints req/s, p50, p99, the ratio and the sizes,
 * on SQLite and, when DATABASE_URL or BENCH_DATABASE_URL is set, on PostgreSQL (each row measured
 * on SQLite, the bare route, then PostgreSQL).
 *
 * Seeding: 104,500 tasks through the API would take minutes (10,000 of them took 22 s on SQLite
 * and 48 s on PostgreSQL on a 2-core machine), so all but the user's newest 500 are inserted into
 * the server's database as TodosService.create writes them, with the server's schema types and
 * its version bump, and those 500 are made through the API (POST, PUT, DELETE).
 *
 * Then checks the reads against the tasks as they were made: the count over all pages, the first
 * page of 50 task for task in its order (due date, those without one last, ties newest first; the
 * search newest first), every task on it not deleted and important (completed ones included, as
 * service.ts filters) or holding the word in its title or description whatever the case; brotli
 * decodes to the plain bytes; the ETag answers 304 with no body, and an old one does not.
 *
 * And shows which index each query uses: the service's own queries (TodosService.list built by its
 * Kysely query builder in this process, on the same database, their SQL captured as compiled) under
 * SQLite's EXPLAIN QUERY PLAN and PostgreSQL's EXPLAIN, with the time list() takes uncached.
 *
 * Goals: ratio ≥ 0.5 on SQLite, p99 < 50 ms; the table says whether they are met. The run fails when
 * a read is wrong or a request fails, not on a goal: CI machines are shared and must not flake.
 */
import { sql } from 'kysely';
import type { Db, DatabaseHandle } from '../server/src/db';
import { bumpListVersion } from '../server/src/lib/list-versions';
import { TodosService } from '../server/src/modules/todos/service';
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
import {
  compareWithBare,
  explainStatement,
  fetchBodies,
  metOrMissed,
  notModified,
  onEachEngine,
  planSummary,
  rawGet,
} from './wire';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 50;
const TASKS = 10_000;
const PER_PAGE = 50;
const API_TASKS = 500;
const ASSIGNED_EVERY = 33;
const OTHER_USERS = 19;
const OTHER_TASKS = 5_000;
const INSERT_BATCH = 1000;
const SEED_CONCURRENCY = 20;
const WORD = 'invoice';

type ServiceQuery = Parameters<TodosService['list']>[1];

interface Query {
  name: string;
  search: string;
  route: string;
  service: Pick<ServiceQuery, 'filter' | 'q' | 'sortBy'>;
}

const QUERIES: Query[] = [
  {
    name: 'important by due date',
    search: '&filter=important&sortBy=due-date',
    route: '/important',
    service: { filter: 'important', sortBy: 'due-date' },
  },
  { name: `q=${WORD}`, search: `&q=${WORD}`, route: '/search', service: { q: WORD, sortBy: 'latest' } },
];

// ---------------------------------------------------------------------------------------------
// The fixture: what each task is made as, so that every read can be checked against it.

interface PlannedTask {
  index: number;
  id: number;
  title: string;
  description: string;
  dueDate: string | null;
  tags: string[];
  isImportant: boolean;
  isCompleted: boolean;
  isDeleted: boolean;
  /** The user's own id, or for an assigned task the friend's who owns it. */
  ownerId: number;
  assigned: boolean;
}

const builtIns = ['team', 'low', 'medium', 'high', 'update'] as const;
const spellings = ['Invoice', 'INVOICE', 'invoice', 'InVoice', 'invoices'];
const verbs = ['Call', 'Email', 'Review', 'Prepare', 'Book', 'Plan', 'Fix', 'Draft', 'Update', 'Check'];
const objects = [
  'the dentist about the appointment',
  'the quarterly report for the board',
  'the flat viewing on Saturday',
  'the flaky login test',
  'the slides for the team offsite',
  'the car insurance renewal',
  'the onboarding checklist',
  'the garden shed roof',
  'the recipe for Sunday lunch',
  'the conference talk abstract',
  'the budget spreadsheet',
];
const descriptions = [
  'A short note about what to do first.',
  'Ask Sam for the figures before Tuesday, then send a summary to everyone involved.',
  'Two steps: gather what is needed, then block an hour in the calendar to do it properly.',
  'Waiting on a reply; follow up if nothing comes by the end of the week.',
];

const day = (from: string, days: number) => {
  const [year, month, date] = from.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};

/**
 * Task i: a fifth deleted (with due dates before every live one, a third of them important: a leak
 * would head the page), a quarter important, a seventh completed, a sixth without a due date, the
 * rest on 365 days (about 27 a day: ties); half tagged, a sixth with two tags; the word in a title
 * one time in 41 and in a description one time in 43, in five spellings; “in voice” as a near miss.
 */
function plan(index: number): PlannedTask {
  const isDeleted = index % 5 === 4;
  const isImportant = index % 4 === 1 || (isDeleted && index % 3 === 0);
  const isCompleted = index % 7 === 3;
  const dueDate =
    index % 6 === 0
      ? null
      : isDeleted
        ? day('2025-12-01', index % 28)
        : day('2026-01-01', (index * 37) % 365);
  const tags: string[] = [];
  if (index % 2 === 0) tags.push(builtIns[(index / 2) % builtIns.length]!);
  if (index % 6 === 0) tags.push(builtIns[(index / 2 + 2) % builtIns.length]!);
  let title = `${verbs[index % verbs.length]} ${objects[index % objects.length]}`;
  if (index % 41 === 0)
    title = `Send the ${spellings[(index / 41) % spellings.length]} for ${objects[index % objects.length]}`;
  else if (index % 47 === 11) title = `Record the reply in voice memos (${index})`;
  let description = index % 3 === 0 ? '' : descriptions[index % descriptions.length]!;
  if (index % 43 === 5)
    description = `Check the ${spellings[(index - 5) % spellings.length]} total against the order first.`;
  return {
    index,
    id: 0,
    title,
    description,
    dueDate,
    tags,
    isImportant,
    isCompleted,
    isDeleted,
    ownerId: 0,
    assigned: false,
  };
}

/**
 * Makes every planned task. All but the last API_TASKS are inserted straight into the server's
 * database in one transaction, as TodosService.create writes them (the row, its tags by position,
 * its assignees), with the server's own schema types and version bump: the user's own, one in
 * ASSIGNED_EVERY owned by a friend and assigned to the user, and OTHER_TASKS of each other user's
 * that the user must not see (the same mix: a leak would change the counts), all interleaved in
 * time as people use the app, so that the user's rows are a tenth of the table, spread through it.
 * Then the last API_TASKS, the newest, through the API (POST, PUT isCompleted, DELETE): the pages
 * mix both kinds.
 */
async function seed(client: Client, others: Client[], db: Db) {
  const userId = Number(client.userId);
  const friendId = Number(others[0]!.userId);
  const tasks = Array.from({ length: TASKS }, (_, i) => {
    const task = plan(i);
    task.assigned = i < TASKS - API_TASKS && i % ASSIGNED_EVERY === 7;
    task.ownerId = task.assigned ? friendId : userId;
    return task;
  });
  const direct = tasks.slice(0, TASKS - API_TASKS);
  const noise = others.flatMap((other) =>
    Array.from({ length: OTHER_TASKS }, (_, j) => ({ ...plan(j), ownerId: Number(other.userId) })),
  );
  const timeline = [
    ...direct.map((task, i) => ({ task, at: i / direct.length })),
    ...noise.map((task, k) => ({ task, at: (k % OTHER_TASKS) / OTHER_TASKS })),
  ].sort((a, b) => a.at - b.at);
  // A millisecond apart: each row's time names it in what the insert returns.
  const base = Date.now() - timeline.length;
  const madeAt = new Map(timeline.map(({ task }, k) => [task, new Date(base + k).toISOString()]));
  const directStarted = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < timeline.length; start += INSERT_BATCH) {
      const batch = timeline.slice(start, start + INSERT_BATCH).map(({ task }) => task);
      const made = await trx
        .insertInto('todos')
        .values(
          batch.map((task) => ({
            owner_id: task.ownerId,
            title: task.title,
            description: task.description,
            due_date: task.dueDate,
            is_important: task.isImportant,
            is_completed: task.isCompleted,
            is_deleted: task.isDeleted,
            repeat_every: null,
            repeat_unit: null,
            deleted_at: task.isDeleted ? madeAt.get(task)! : null,
            created_at: madeAt.get(task)!,
            updated_at: madeAt.get(task)!,
          })),
        )
        .returning(['id', 'created_at'])
        .execute();
      const byTime = new Map(batch.map((task) => [madeAt.get(task)!, task]));
      for (const row of made) {
        const task = byTime.get(row.created_at);
        if (!task) throw new Error(`seeding: the insert returned a time ${row.created_at} it was not given`);
        task.id = row.id;
      }
      if (batch.some((task) => task.id === 0)) throw new Error('seeding: a task inserted got no id back');
      const tags = batch.flatMap((task) =>
        task.tags.map((name, position) => ({ todo_id: task.id, position, built_in: name, tag_id: null })),
      );
      if (tags.length > 0) await trx.insertInto('todo_tags').values(tags).execute();
      const assignees = batch
        .filter((task) => task.assigned)
        .map((task) => ({ todo_id: task.id, user_id: userId }));
      if (assignees.length > 0) await trx.insertInto('todo_assignees').values(assignees).execute();
    }
    for (const id of [userId, ...others.map((other) => Number(other.userId))])
      await bumpListVersion(trx, id, 'todos');
  });
  const directSeconds = (performance.now() - directStarted) / 1000;

  const apiStarted = performance.now();
  let requests = 0;
  await inParallel(tasks.slice(TASKS - API_TASKS), SEED_CONCURRENCY, async (task) => {
    const made = await call<{ _id: string }>(client, 'POST', '/todos', {
      user: client.userId,
      title: task.title,
      description: task.description,
      dueDate: task.dueDate,
      tags: task.tags,
      isImportant: task.isImportant,
    });
    task.id = Number(made._id);
    requests += 1;
    if (task.isCompleted) {
      await call(client, 'PUT', `/todos/${task.id}`, { isCompleted: true });
      requests += 1;
    }
    if (task.isDeleted) {
      await call(client, 'DELETE', `/todos/${task.id}`);
      requests += 1;
    }
  });
  return {
    tasks,
    inserted: timeline.length,
    directSeconds,
    apiSeconds: (performance.now() - apiStarted) / 1000,
    requests,
  };
}

const holdsWord = (task: { title: string; description: string }) =>
  task.title.toLowerCase().includes(WORD) || task.description.toLowerCase().includes(WORD);

/** Due date first, those without one last, ties newest first (D20). */
function byDueDate(a: { dueDate: string | null; id: number }, b: { dueDate: string | null; id: number }) {
  if ((a.dueDate === null) !== (b.dueDate === null)) return a.dueDate === null ? 1 : -1;
  if (a.dueDate !== b.dueDate) return (a.dueDate ?? '') < (b.dueDate ?? '') ? -1 : 1;
  return b.id - a.id;
}
const newestFirst = (a: { id: number }, b: { id: number }) => b.id - a.id;

interface Expectation {
  /** Every match over all pages, in the query's order. */
  matches: PlannedTask[];
  order: (a: { dueDate: string | null; id: number }, b: { dueDate: string | null; id: number }) => number;
  /** Why a task read may not be in the answer, or null when it may. */
  rule: (task: TaskRead) => string | null;
}

function expectations(tasks: PlannedTask[]): Expectation[] {
  const live = tasks.filter((task) => !task.isDeleted);
  return [
    {
      matches: live.filter((task) => task.isImportant).sort(byDueDate),
      order: byDueDate,
      rule: (task) => (task.isDeleted ? 'deleted' : !task.isImportant ? 'not important' : null),
    },
    {
      matches: live.filter(holdsWord).sort(newestFirst),
      order: newestFirst,
      rule: (task) =>
        task.isDeleted ? 'deleted' : !holdsWord(task) ? `no “${WORD}” in its title or description` : null,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The checks.

interface TaskRead {
  _id: string;
  user: string;
  title: string;
  description: string;
  dueDate: string | null;
  tags: string[];
  assignee: string[];
  isImportant: boolean;
  isCompleted: boolean;
  isDeleted: boolean;
}

const describeTask = (task: { title: string; dueDate: string | null }) =>
  `“${task.title}”, due ${task.dueDate ?? 'never'}`;

/** What is wrong with a page read, in plain words (empty when it is exactly the expected page). */
function checkPage(
  label: string,
  json: Buffer,
  expected: Expectation,
  planned: Map<number, PlannedTask>,
  userId: string,
): string[] {
  const problems: string[] = [];
  let list: { data: TaskRead[]; count: number; page: number; perPage: number };
  try {
    list = JSON.parse(json.toString('utf8')) as typeof list;
  } catch {
    return [`${label}: the answer is not JSON`];
  }
  if (!Array.isArray(list.data)) return [`${label}: the answer has no data array`];
  const page = expected.matches.slice(0, PER_PAGE);
  if (list.count !== expected.matches.length)
    problems.push(`${label}: count ${list.count}; ${expected.matches.length} tasks match`);
  if (list.page !== 1 || list.perPage !== PER_PAGE)
    problems.push(`${label}: page ${list.page} of ${list.perPage}; page 1 of ${PER_PAGE} expected`);
  if (list.data.length !== page.length)
    problems.push(`${label}: ${list.data.length} tasks on the page; ${page.length} expected`);
  const seen = new Set<string>();
  list.data.forEach((got, position) => {
    if (seen.has(got._id)) problems.push(`${label}: task ${got._id} appears twice`);
    seen.add(got._id);
    const want = page[position];
    if (want && got._id !== String(want.id))
      problems.push(
        `${label}: at ${position + 1}, task ${got._id} (${describeTask(got)}); task ${want.id} (${describeTask(want)}) expected`,
      );
    const why = expected.rule(got);
    if (why) problems.push(`${label}: holds task ${got._id} (${describeTask(got)}), which is ${why}`);
    const previous = list.data[position - 1];
    if (
      previous &&
      expected.order(
        { dueDate: previous.dueDate, id: Number(previous._id) },
        { dueDate: got.dueDate, id: Number(got._id) },
      ) > 0
    )
      problems.push(
        `${label}: task ${got._id} (${describeTask(got)}) comes after task ${previous._id} (${describeTask(previous)}), out of order`,
      );
    const made = planned.get(Number(got._id));
    if (!made) {
      problems.push(`${label}: task ${got._id} (${describeTask(got)}) is not one the user made`);
      return;
    }
    const fields = ['title', 'description', 'dueDate', 'isImportant', 'isCompleted', 'isDeleted'] as const;
    for (const field of fields)
      if (got[field] !== made[field])
        problems.push(
          `${label}: task ${got._id} reads ${field} ${String(got[field])}, made ${String(made[field])}`,
        );
    if ((got.tags ?? []).join(', ') !== made.tags.join(', '))
      problems.push(
        `${label}: task ${got._id} reads tags [${got.tags?.join(', ')}], made [${made.tags.join(', ')}]`,
      );
    if (got.user !== String(made.ownerId))
      problems.push(`${label}: task ${got._id} reads owner ${got.user}, not ${made.ownerId}`);
    const assignees = made.assigned ? [userId] : [];
    if ((got.assignee ?? []).join(', ') !== assignees.join(', '))
      problems.push(
        `${label}: task ${got._id} reads assignees [${got.assignee?.join(', ')}], not [${assignees.join(', ')}]`,
      );
  });
  return problems.slice(0, 20);
}

// ---------------------------------------------------------------------------------------------
// Which index each query uses: the service's own queries, as compiled, explained.

const statementNames = ['count', 'page', 'page’s assignees', 'page’s owners', 'page’s tags'];

/**
 * TodosService.list on the bench's own connection to the server's database, each statement it
 * runs captured as compiled (after the engine's plugins), then explained; and list()'s time, as a
 * read that misses the cache costs it. The full plan of the two statements that read the user's
 * tasks when `full`; a line per statement always.
 */
async function explain(handle: DatabaseHandle, engine: Engine, userId: number, full: boolean) {
  const out: string[] = [];
  const executor = handle.db.getExecutor();
  const captured: Array<ReturnType<typeof executor.compileQuery>> = [];
  let capturing = false;
  const db = handle.db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      if (capturing) captured.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  });
  // Reads only: a write here would be a bug, and would fail rather than schedule reminders.
  const reminders = { syncTodo: () => Promise.reject(new Error('the benchmark only reads')) };
  const live = {
    publish: () => {
      throw new Error('the benchmark only reads');
    },
  };
  const outbox = { enqueue: () => Promise.reject(new Error('the benchmark only reads')) };
  const config = { PUBLIC_URL: 'http://localhost' };
  const service = new TodosService({ db, engine: handle.engine, reminders, live, outbox, config });
  for (const query of QUERIES) {
    const tasksQuery: ServiceQuery = { user: String(userId), page: 1, perPage: PER_PAGE, ...query.service };
    captured.length = 0;
    capturing = true;
    await service.list(userId, tasksQuery);
    capturing = false;
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const start = performance.now();
      await service.list(userId, tasksQuery);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    out.push(
      `  ${query.name} (${query.search.slice(1)}): ${captured.length} statements; list() uncached ${times[2]!.toFixed(1)} ms (median of 5, in this process)`,
    );
    for (const [index, statement] of captured.entries()) {
      const plan = await explainStatement(handle, engine, statement);
      out.push(`    ${statementNames[index] ?? `statement ${index + 1}`}: ${planSummary(engine, plan)}`);
      // The two that read the user's tasks; the page's people and tags are read by id.
      if (full && index < 2) for (const line of plan) out.push(`        ${line}`);
    }
  }
  return out;
}

/**
 * The plans on each engine. SQLite as the server leaves it (it never runs ANALYZE). PostgreSQL
 * first with the statistics the server ran on while measured (autovacuum may not have analysed the
 * new rows yet), then after ANALYZE, as it will plan once autovacuum has.
 */
async function plans(handle: DatabaseHandle, engine: Engine, userId: number): Promise<string[]> {
  if (engine === 'SQLite') return explain(handle, engine, userId, true);
  const before = await explain(handle, engine, userId, false);
  await sql`analyze todos, todo_tags, todo_assignees, tags, users`.execute(handle.db);
  const after = await explain(handle, engine, userId, true);
  return [' with the statistics as they were while measured:', ...before, ' after ANALYZE:', ...after];
}

// ---------------------------------------------------------------------------------------------
// Measuring.

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** A server on `engine` with its user's tasks made, both reads fetched and checked, their plans. */
async function prepare(engine: Engine) {
  // With the bench's own connection to the server's database (its file, or the same PostgreSQL).
  const { server, database, stop } = await startOnEngine(engine, 'cadence_bench_todos', postgresUrl);
  try {
    const problems: string[] = [];
    const client = await signUp(server.url);
    const seedStarted = performance.now();
    const others: Client[] = [];
    await inParallel(Array.from({ length: OTHER_USERS }), 4, async () => {
      others.push(await signUp(server.url));
    });
    const seeded = await seed(client, others, database.db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const { tasks } = seeded;
    const planned = new Map(tasks.map((task) => [task.id, task]));
    const listUrl = `${server.url}/api/todos?user=${client.userId}`;
    const auth = { authorization: `Bearer ${client.token}` };
    const expected = expectations(tasks);
    const reads = [];
    for (const [index, query] of QUERIES.entries()) {
      const label = `${engine} GET /api/todos?${query.search.slice(1)}`;
      reads.push(
        await fetchBodies(
          `${listUrl}${query.search}`,
          auth,
          label,
          (json) => checkPage(label, json, expected[index]!, planned, client.userId),
          problems,
        ),
      );
    }
    const etag = reads[0]!.etag;
    if (!etag) problems.push(`${engine}: GET /api/todos sent no ETag`);
    for (const [index, read] of reads.entries())
      if (read.etag !== etag)
        problems.push(`${engine} ${QUERIES[index]!.name}: ETag ${read.etag}, not the version's ${etag}`);
    const planLines = await plans(database, engine, Number(client.userId));
    return {
      engine,
      stop,
      listUrl,
      auth,
      url: (index: number) => `${listUrl}${QUERIES[index]!.search}`,
      bodies: reads,
      reads,
      etag,
      problems,
      plans: planLines,
      seedSeconds,
      seeded,
      counts: expected.map((e) => e.matches.length),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The four rows on every prepared server (see compareWithBare): the ratio's goal on SQLite, p99's on both. */
const measureAll = (servers: Prepared[]) =>
  compareWithBare(servers, QUERIES, 'query', (app, ratio, engine) => ({
    [`ratio ≥ ${GOAL_RATIO}`]: engine === 'SQLite' ? metOrMissed(ratio >= GOAL_RATIO) : '—',
    [`p99 < ${GOAL_P99_MS} ms`]: metOrMissed(app.p99 < GOAL_P99_MS),
  }));

/** After the load: the version has not moved, a client holding it gets 304 and no body; an old tag gets 200. */
async function revalidate({ engine, listUrl, auth, etag, problems }: Prepared) {
  const revalidations = [];
  for (const query of QUERIES) {
    for (const [encoding, headers] of [
      ['', {}],
      [', br', { 'accept-encoding': 'br' }],
    ] as const) {
      const label = `${query.name}${encoding}`;
      revalidations.push(
        await notModified(
          `${listUrl}${query.search}`,
          { ...auth, ...headers },
          etag,
          label,
          `${engine} GET /api/todos (${label})`,
          problems,
        ),
      );
    }
  }
  const old = etag.replace(/-v(\d+)"$/, (_, version: string) => `-v${Number(version) - 1}"`);
  const stale = await rawGet(`${listUrl}${QUERIES[0]!.search}`, { ...auth, 'if-none-match': old });
  revalidations.push(`${old} ${stale.status}`);
  if (stale.status !== 200)
    problems.push(`${engine}: If-None-Match ${old} (an old version) answered ${stale.status}`);
  return revalidations.join(', ');
}

const started = performance.now();
const {
  servers,
  measured: rows,
  afterwards: revalidations,
} = await onEachEngine(enginesFor(postgresUrl), prepare, measureAll, revalidate);
const first = servers[0]!;
const fixture = first.seeded.tasks;
printTable(
  `To-dos list: one user's ${TASKS} tasks (${fixture.filter((t) => t.isDeleted).length} deleted, ${fixture.filter((t) => t.tags.length > 0).length} tagged, ${fixture.filter((t) => t.assigned).length} a friend's assigned to them) among ${OTHER_USERS * OTHER_TASKS} of ${OTHER_USERS} other users; ${QUERIES.map((q, i) => `${q.name}: ${first.counts[i]} match`).join(', ')}; pages of ${PER_PAGE}, 50 connections, ${seconds} s each, ${cores} cores; bare = the same bytes from memory${servers.length > 1 ? ', measured between the two engines' : ''}`,
  rows,
);
for (const [index, server] of servers.entries()) {
  console.log(
    `${server.engine}: seeded in ${server.seedSeconds.toFixed(1)} s (${OTHER_USERS} other users signed up; ${server.seeded.inserted} tasks inserted in ${server.seeded.directSeconds.toFixed(1)} s, ${API_TASKS} through the API in ${server.seeded.apiSeconds.toFixed(1)} s, ${server.seeded.requests} requests); first read, uncached: ${server.reads.map((read, i) => `${QUERIES[i]!.name} ${read.firstMs.toFixed(0)} ms`).join(', ')}; If-None-Match ${server.etag} → ${revalidations[index]}`,
  );
}
for (const server of servers) {
  console.log(
    `\n${server.engine} ${server.engine === 'SQLite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} of the queries TodosService.list runs:`,
  );
  for (const line of server.plans) console.log(line);
}
console.log('');
for (const row of rows) {
  if (row.engine === 'SQLite' && Number(row.ratio) < GOAL_RATIO)
    console.log(`Goal missed on SQLite (${row.query}, ${row.encoding}): ratio ${row.ratio} < ${GOAL_RATIO}`);
  if (Number(row['app p99 ms']) >= GOAL_P99_MS)
    console.log(
      `Goal missed on ${row.engine} (${row.query}, ${row.encoding}): p99 ${row['app p99 ms']} ms ≥ ${GOAL_P99_MS} ms`,
    );
}
printWholeRun(started);
reportProblems(
  'The to-dos list read is wrong',
  servers.flatMap((s) => s.problems),
);
