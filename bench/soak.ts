/**
 * Soak: two built server instances (npm run build first) on one fresh PostgreSQL
 * database, sharing one Redis, under mixed reads and writes of every area by 50 users for
 * SOAK_SECONDS (600 by default; with BENCH_SECONDS set, as in CI, 30), after a warm-up of the same
 * load. Does anything fail, does anything get slow, does the servers' memory grow?
 *
 * Everything goes through the HTTP API, as the web app sends it. The 50 users register, set their
 * working hours in four time zones, each asks three others to be friends (i + 1, i + 2, i + 5; the
 * other accepts, on the other instance), and ten of them make a group of four friends. Each owns a
 * board shared with two friends (so each sees three boards, and three people write to each), with
 * direct chats with their friends and a chat per group. Then each user, in a loop of its own with a
 * pause of 0 to 2 × SOAK_THINK_MS (100) between actions, picks an action at random: boards (read a
 * board, the list of boards; add, edit, move, comment on a card, a card's checklist, rename a
 * list), to-dos (list, add with a friend assigned, complete, delete), goals (list, add with
 * sub-goals, tick a task, delete), calendar (a month's range, add an event with a friend as guest
 * repeating weekly, edit, delete), meetings (available times with a friend, then the meeting at
 * one of them; the lists; answer an invitation; delete), chat (send, read a chat, the list),
 * notifications (list, mark read), tags (list, add, rename, delete), the account, friends and
 * groups, and the dashboard. What a user adds is kept bounded (older to-dos, goals, events,
 * meetings, cards, comments and tags are deleted), so the data stays about the same size — but
 * for chat messages and notifications, which have no delete and are read 50 at a time — and a
 * memory growth is the servers', not the data's. Each request goes to the next instance in turn.
 * Access tokens live ACCESS_TOKEN_TTL (10 min): each user refreshes its pair every 4 minutes
 * (`auth`), as the web app does.
 *
 * SOAK_STREAMS (10) users keep `GET /api/live` open on alternate instances throughout; a stream
 * whose token expires gets `expired` and is opened again with the user's newer token (counted);
 * a stream that ends otherwise is an error. Their row (`live`) counts every opening, the first ones
 * (before the warm-up) included, and its time to the `ready` event.
 *
 * Errors: any answer that is not 2xx and not an expected 4xx, any network error or timeout (30 s),
 * from the warm-up on. The expected 4xx are those that concurrency makes legitimate, listed with
 * their counts: 404 on a card (or its comments or checklist) that its board's owner deleted or
 * another member moved meanwhile, 409 when the meeting's time was taken between the available
 * times and the booking, 404/409 when answering an invitation whose meeting was deleted, 404 when
 * marking read a meeting's notification, which went with the meeting. Exits 1
 * when there is an error; never on the memory goal, which it prints as met or MISSED: the RSS of
 * each server (/proc/<pid>/status VmRSS, read every second from the end of the warm-up) at the
 * start, the middle and the end of the measured time — each the median over a tenth of it (at
 * least 5 s), as one reading moves by tens of MB with the garbage collector's cycle — flat within
 * 10 % end against start; with the median of each tenth of the run, to see where it went. And,
 * to tell a leak from a lazy collector, the JavaScript heap in use after a full GC (through each
 * server's inspector: they run with --inspect=127.0.0.1:0) at minute 2 (the caches warm), halfway
 * from there and at the end — two forced GCs in each server at three moments of the run, none in
 * an RSS window, in runs of 300 s or more (the RSS takes a while to grow back after one); goal:
 * flat within 10 % from minute 2 to the end, printed as met or MISSED. Latencies (p50, p99 per area) are of
 * the measured time only, from just before the request to its last byte, in this process (which
 * shares the machine with both servers, PostgreSQL and Redis; the heading gives each one's CPU
 * and the machine's load). The server logs (LOG_LEVEL=warn) are summed up at the end, in full in
 * a file under the temporary directory.
 *
 * BENCH_DATABASE_URL names the PostgreSQL server to make the database on (by default DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/test); BENCH_REDIS_URL the Redis (by default
 * redis://127.0.0.1:6379, under a prefix of its own).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type {
  AuthSession,
  AvailableTimes,
  Board,
  BoardSummary,
  CalendarEvent,
  CalendarEvents,
  ChatList,
  ChatMessagePage,
  ChatSummary,
  FriendRequest,
  Group,
  InvitationList,
  Meeting,
  MeetingList,
  NotificationList,
  Objective,
  ObjectiveList,
  Tag,
  TagList,
  Task,
  TaskList,
  TokenPair,
} from '@cadence/contract';
import { freshPostgresDatabase } from '@cadence/e2e/server';
import {
  type BenchServer,
  cores,
  inParallel,
  median,
  percentile,
  printTable,
  round1 as ms,
  startInstance,
} from './harness';
import { collectedMemory, cpuMs, rssKb } from './process-probe';
import pg from 'pg';

const USERS = 50;
const FRIEND_STEPS = [1, 2, 5];
const GROUP_SIZE = 5;
const STREAMS = Number(process.env.SOAK_STREAMS ?? 10);
const measuredSeconds = positive(
  'SOAK_SECONDS',
  process.env.SOAK_SECONDS ?? (process.env.BENCH_SECONDS ? '30' : '600'),
);
const warmUpSeconds = Math.min(30, Math.max(10, Math.round(measuredSeconds / 20)));
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 100);
const REQUEST_TIMEOUT_MS = 30_000;
const REFRESH_EVERY_MS = 4 * 60_000;
/** RSS is read every second; start, middle and end are each the median over a window of the run. */
const RSS_EVERY_MS = 1_000;
const RSS_WINDOW_SHARE = 0.1;
const RSS_WINDOW_MIN_S = 5;
const rssWindow = Math.max(RSS_WINDOW_MIN_S, measuredSeconds * RSS_WINDOW_SHARE);
/**
 * The heap readings force a GC, after which the RSS takes a while to grow back (in 60 s runs the
 * next windows read 10 % lower): only in runs long enough that the next window starts minutes later.
 */
const READ_HEAP = measuredSeconds >= 300;
/** The first heap reading, once the caches have filled with the run's working set. */
const HEAP_FROM_S = 120;
const GOAL_ERRORS = 0;
const GOAL_RSS_GROWTH = 10;
const GOAL_HEAP_GROWTH = 10;
/** What a user keeps of what it adds; beyond, the oldest goes. */
const KEEP = { todos: 12, goals: 6, events: 6, meetings: 4, comments: 8, tags: 4, cardsPerBoard: 36 };
const ZONES = ['Europe/Paris', 'Europe/London', 'America/New_York', 'UTC'];
const postgresUrl = process.env.BENCH_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number of seconds, not ${value}`);
  return n;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (n: number) => Math.floor(Math.random() * n);
function pick<T>(items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from nothing');
  return items[random(items.length)]!;
}
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

// ---- Measuring -----------------------------------------------------------------------------------

const areas = [
  'boards',
  'todos',
  'goals',
  'calendar',
  'meetings',
  'chat',
  'notifications',
  'tags',
  'account',
  'people',
  'dashboard',
  'auth',
  'live',
] as const;
type Area = (typeof areas)[number];

class AreaStats {
  requests = 0;
  reads = 0;
  writes = 0;
  expected = 0;
  errors = 0;
  readonly latencies: number[] = [];
}
const stats = new Map<Area, AreaStats>(areas.map((area) => [area, new AreaStats()]));
/** Errors and expected 4xx by method, route and status, with the first answer's text. */
const errors = new Map<string, { count: number; example: string }>();
const expected = new Map<string, number>();

type Phase = 'setup' | 'warm-up' | 'measured' | 'stopping';
let phase: Phase = 'setup';

const route = (method: string, url: string) =>
  `${method} ${url.replace(/\?.*$/, '').replace(/\/\d+(?=\/|$)/g, '/:id')}`;

/** Errors of this file's own (a bug here, not an answer): counted with the others. */
let clientErrors = 0;

function recordError(area: Area | undefined, key: string, example: string) {
  if (area) stats.get(area)!.errors += 1;
  else clientErrors += 1;
  const known = errors.get(key);
  if (known) known.count += 1;
  else errors.set(key, { count: 1, example: example.slice(0, 300) });
}

// ---- HTTP ------------------------------------------------------------------------------------------

/** Keep-alive sockets, one per user and instance at most: node:http costs less CPU than fetch. */
const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
const servers: BenchServer[] = [];
let turn = 0;

/**
 * A request on a kept-alive socket that the server closed as idle just as the request left fails
 * with ECONNRESET before the server read it: sent again once on a new socket, as Node's documentation
 * advises (`request.reusedSocket`). Any other failure is the server's, and counted.
 */
function send(
  url: string,
  method: string,
  token: string | undefined,
  body: unknown,
  retried = false,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () =>
      request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!retried && request.reusedSocket && error.code === 'ECONNRESET')
        send(url, method, token, body, true).then(resolve, reject);
      else reject(error);
    });
    request.end(payload);
  });
}

/** An action stops at its first failed request (already counted); the user goes on with another. */
class Failed extends Error {}

interface Answer<T> {
  status: number;
  /** Undefined on an expected 4xx. */
  body: T | undefined;
}

/**
 * One call of `user`'s, on the next instance: counted in `area` while measuring; a non-2xx not in
 * `allowed` (or a network error) is an error — during setup it fails the run.
 */
async function request<T>(
  user: User | undefined,
  area: Area,
  method: string,
  url: string,
  body?: unknown,
  allowed: number[] = [],
): Promise<Answer<T>> {
  const server = servers[turn++ % servers.length]!;
  const counted = phase === 'measured';
  const counts = stats.get(area)!;
  const started = performance.now();
  let status = 0;
  let text: string;
  try {
    ({ status, text } = await send(`${server.url}/api${url}`, method, user?.token, body));
  } catch (error) {
    text = (error as Error).message;
  }
  if (counted) {
    counts.requests += 1;
    if (method === 'GET') counts.reads += 1;
    else counts.writes += 1;
    counts.latencies.push(performance.now() - started);
  }
  if (status >= 200 && status < 300) {
    try {
      return { status, body: (text ? JSON.parse(text) : undefined) as T | undefined };
    } catch {
      recordError(area, `${route(method, url)} → ${status} not JSON`, text);
      throw new Failed(url);
    }
  }
  const key = `${route(method, url)} → ${status || 'network error'}`;
  if (phase === 'setup') throw new Error(`setup: ${key}: ${text.slice(0, 300)}`);
  if (allowed.includes(status)) {
    counts.expected += 1;
    expected.set(key, (expected.get(key) ?? 0) + 1);
    return { status, body: undefined };
  }
  recordError(area, key, `${user ? `user ${user.index}` : ''} on ${server.url}: ${text}`);
  throw new Failed(key);
}

/** The body of a 2xx answer (a call that allows no 4xx always has one). */
async function call<T>(user: User, area: Area, method: string, url: string, body?: unknown): Promise<T> {
  return (await request<T>(user, area, method, url, body)).body as T;
}

// ---- Users -----------------------------------------------------------------------------------------

interface User {
  index: number;
  id: string;
  token: string;
  refreshToken: string;
  tokenAt: number;
  friends: User[];
  boardId: string;
  /** Boards this user sees: its own and two friends'. */
  boards: string[];
  chats: string[];
  todos: string[];
  goals: Objective[];
  events: string[];
  meetings: string[];
  comments: Array<{ boardId: string; itemId: string; commentId: string }>;
  tags: string[];
}

async function register(index: number, tag: string): Promise<User> {
  const name = `soak${tag}u${index}`;
  const { body } = await request<AuthSession>(undefined, 'auth', 'POST', '/jwt/register', {
    username: name,
    email: `${name}@example.com`,
    password: 'soak benchmark password',
    fullName: `Soak User ${index}`,
  });
  const session = body!;
  return {
    index,
    id: session.userData._id,
    token: session.accessToken,
    refreshToken: session.refreshToken,
    tokenAt: Date.now(),
    friends: [],
    boardId: '',
    boards: [],
    chats: [],
    todos: [],
    goals: [],
    events: [],
    meetings: [],
    comments: [],
    tags: [],
  };
}

/**
 * Friends, groups, a board each shared with two friends, and chats. To-dos, goals, events, meetings
 * and tags come with the load (from the warm-up on), where a failure is counted, not fatal.
 */
async function setUp(users: User[]) {
  const at = (i: number) => users[(i + USERS) % USERS]!;
  await inParallel(users, 10, async (user) => {
    await call(user, 'meetings', 'PUT', '/working-hours', {
      timeZone: ZONES[user.index % ZONES.length],
      data: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((weekday) => ({
        day: weekday,
        from: '09:00',
        to: '17:00',
      })),
    });
    for (const step of FRIEND_STEPS) {
      const friend = at(user.index + step);
      const asked = await call<FriendRequest>(user, 'people', 'POST', '/friends/requests', {
        userId: friend.id,
      });
      await call(friend, 'people', 'POST', `/friends/requests/${asked._id}/accept`, {});
    }
  });
  for (const user of users)
    user.friends = FRIEND_STEPS.flatMap((step) => [at(user.index + step), at(user.index - step)]);
  const groupOwners = users.filter((user) => user.index % GROUP_SIZE === 0);
  await inParallel(groupOwners, 10, async (owner) => {
    const group = await call<Group>(owner, 'people', 'POST', '/groups', {
      name: `Soak group ${owner.index / GROUP_SIZE + 1}`,
      memberIds: [1, 2, -1, -2].map((step) => at(owner.index + step).id),
    });
    await call(owner, 'chat', 'POST', '/chats', { group: group._id });
  });
  await inParallel(users, 10, async (user) => {
    const board = await call<{ _id: string }>(user, 'boards', 'POST', '/projects', {
      name: `Board of user ${user.index}`,
      description: 'Shared with two friends for the soak',
      assignees: [at(user.index + 1).id, at(user.index + 2).id],
    });
    user.boardId = board._id;
    for (const listName of ['To do', 'Doing', 'Done']) {
      const list = await call<{ _id: string }>(user, 'boards', 'POST', `/projects/${board._id}/lists`, {
        name: listName,
      });
      for (let n = 1; n <= 4; n += 1)
        await call(user, 'boards', 'POST', `/projects/${board._id}/lists/${list._id}/items`, {
          name: `${listName} ${n}`,
          description: 'A card with a short description, as most cards have.',
        });
    }
    for (const step of FRIEND_STEPS)
      await call(user, 'chat', 'POST', '/chats', { friend: at(user.index + step).id });
  });
  await inParallel(users, 10, async (user) => {
    user.boards = [user.boardId, at(user.index - 1).boardId, at(user.index - 2).boardId];
    const chats = await call<ChatList>(user, 'chat', 'GET', '/chats');
    user.chats = chats.chats.map((chat) => chat._id);
  });
}

async function refreshTokens(user: User) {
  const pair = await call<TokenPair>(user, 'auth', 'POST', '/jwt/refresh-token', {
    refreshToken: user.refreshToken,
  });
  user.token = pair.accessToken;
  user.refreshToken = pair.refreshToken;
  user.tokenAt = Date.now();
}

// ---- Actions -----------------------------------------------------------------------------------

const readBoard = async (user: User, boardId = pick(user.boards)) =>
  (await call<{ data: Board }>(user, 'boards', 'GET', `/projects?id=${boardId}`)).data;

/** A card of a board the user sees, read just before (as the board page shows it). */
async function someCard(user: User) {
  const board = await readBoard(user);
  const lists = board.lists.filter((list) => list.items.length > 0);
  if (lists.length === 0) return undefined;
  const list = pick(lists);
  const index = random(list.items.length);
  return { board, list, item: list.items[index]!, index };
}

/** A card may be gone (its owner deleted it) or moved to another list meanwhile. */
const CARD_GONE = [404];

async function listBoards(user: User) {
  await call<{ data: BoardSummary[] }>(user, 'boards', 'GET', `/projects?user=${user.id}`);
}

async function addCard(user: User) {
  const board = await readBoard(user);
  const list = pick(board.lists);
  await call(user, 'boards', 'POST', `/projects/${board._id}/lists/${list._id}/items`, {
    name: `Card ${randomBytes(3).toString('hex')}`,
    description: 'Added during the soak.',
  });
  // The owner keeps its board at about KEEP.cardsPerBoard cards.
  const own = board._id === user.boardId ? board : await readBoard(user, user.boardId);
  const cards = own.lists.flatMap((l) => l.items.map((item) => ({ list: l._id, item: item._id })));
  if (cards.length > KEEP.cardsPerBoard) {
    const card = pick(cards);
    await request(
      user,
      'boards',
      'DELETE',
      `/projects/${own._id}/lists/${card.list}/items/${card.item}`,
      undefined,
      CARD_GONE,
    );
  }
}

async function editCard(user: User) {
  const card = await someCard(user);
  if (!card) return;
  const { board, list, item } = card;
  await request(
    user,
    'boards',
    'PUT',
    `/projects/${board._id}/lists/${list._id}/items/${item._id}`,
    Math.random() < 0.5
      ? { description: `Edited ${randomBytes(3).toString('hex')}`, tags: [pick(['high', 'team', 'low'])] }
      : { dueAt: new Date(Date.now() + random(14) * DAY_MS).toISOString(), dueComplete: false },
    CARD_GONE,
  );
}

async function moveCard(user: User) {
  const card = await someCard(user);
  if (!card) return;
  const { board, list, item, index } = card;
  const target = pick(board.lists);
  const size = target._id === list._id ? target.items.length - 1 : target.items.length;
  await request(
    user,
    'boards',
    'PUT',
    `/projects/${board._id}/lists/items/${item._id}`,
    { fromList: list._id, toList: target._id, fromIndex: index, toIndex: random(size + 1) },
    CARD_GONE,
  );
}

async function commentCard(user: User) {
  const card = await someCard(user);
  if (!card) return;
  const { board, item } = card;
  const comments = `/projects/${board._id}/items/${item._id}/comments`;
  const read = await request(user, 'boards', 'GET', comments, undefined, CARD_GONE);
  if (!read.body) return;
  const written = await request<{ _id: string }>(
    user,
    'boards',
    'POST',
    comments,
    { text: `A comment from user ${user.index} (${randomBytes(3).toString('hex')})` },
    CARD_GONE,
  );
  if (written.body) user.comments.push({ boardId: board._id, itemId: item._id, commentId: written.body._id });
  if (user.comments.length > KEEP.comments) {
    const old = user.comments.shift()!;
    await request(
      user,
      'boards',
      'DELETE',
      `/projects/${old.boardId}/items/${old.itemId}/comments/${old.commentId}`,
      undefined,
      CARD_GONE,
    );
  }
}

async function cardChecklist(user: User) {
  const card = await someCard(user);
  if (!card) return;
  const { board, list, item } = card;
  const base = `/projects/${board._id}/lists/${list._id}/items/${item._id}/todo`;
  if (item.todos.length >= 4) {
    const todo = pick(item.todos);
    await request(user, 'boards', 'PUT', `${base}/${todo._id}`, { done: !todo.done }, CARD_GONE);
    if (Math.random() < 0.3)
      await request(user, 'boards', 'DELETE', `${base}/${todo._id}`, undefined, [...CARD_GONE]);
  } else {
    await request(user, 'boards', 'POST', base, { text: `Step ${item.todos.length + 1}` }, CARD_GONE);
  }
}

async function readActivity(user: User) {
  const card = await someCard(user);
  if (!card) return;
  await request(
    user,
    'boards',
    'GET',
    `/projects/${card.board._id}/items/${card.item._id}/activity`,
    undefined,
    CARD_GONE,
  );
}

async function renameList(user: User) {
  const board = await readBoard(user);
  const list = pick(board.lists);
  const name = list.name.replace(/ \(\w+\)$/, '');
  await call(user, 'boards', 'PUT', `/projects/${board._id}/lists/${list._id}`, {
    name: `${name} (${randomBytes(2).toString('hex')})`,
  });
}

async function listTodos(user: User) {
  const query = pick([
    '',
    '&filter=important',
    '&filter=completed',
    '&sortBy=due-date',
    '&tag=team',
    '&q=soak',
  ]);
  await call<TaskList>(user, 'todos', 'GET', `/todos?user=${user.id}${query}`);
  if (Math.random() < 0.5) await call(user, 'todos', 'GET', '/todos/summary');
}

async function addTodo(user: User) {
  const task = await call<Task>(user, 'todos', 'POST', '/todos', {
    title: `A soak task ${randomBytes(3).toString('hex')}`,
    description: 'Written by the soak benchmark',
    dueDate: day(Date.now() + random(10) * DAY_MS),
    tags: [pick(['team', 'high', 'low'])],
    assignee: [user.id, pick(user.friends).id],
    isImportant: Math.random() < 0.3,
    repeat: Math.random() < 0.2 ? { every: 1, unit: 'week' } : null,
  });
  user.todos.push(task._id);
  if (user.todos.length <= KEEP.todos) return;
  // Completing a repeating task made its next one: the list says which are the user's own.
  const list = await call<TaskList>(user, 'todos', 'GET', `/todos?user=${user.id}&perPage=200`);
  const own = list.data
    .filter((t) => t.user === user.id)
    .map((t) => t._id)
    .sort((a, b) => Number(a) - Number(b));
  for (const old of own.slice(0, Math.max(0, own.length - KEEP.todos))) {
    // Once to the deleted ones, once for good.
    await call(user, 'todos', 'DELETE', `/todos/${old}`);
    await call(user, 'todos', 'DELETE', `/todos/${old}`);
  }
  user.todos = own.slice(-KEEP.todos);
}

async function updateTodo(user: User) {
  const id = user.todos.length > 0 ? pick(user.todos) : undefined;
  if (!id) return addTodo(user);
  await call(user, 'todos', 'GET', `/todos/${id}`);
  await call(
    user,
    'todos',
    'PUT',
    `/todos/${id}`,
    Math.random() < 0.5 ? { isCompleted: Math.random() < 0.7 } : { isImportant: Math.random() < 0.5 },
  );
}

async function listGoals(user: User) {
  await call<ObjectiveList>(user, 'goals', 'GET', `/objectifs${pick(['', '?filter=progress', '?tag=high'])}`);
}

async function addGoal(user: User) {
  const start = Date.now() + random(30) * DAY_MS;
  const goal = await call<Objective>(user, 'goals', 'POST', '/objectifs', {
    title: `Soak goal ${randomBytes(3).toString('hex')}`,
    description: 'A goal of the soak benchmark',
    startDate: day(start),
    endDate: day(start + 30 * DAY_MS),
    timeline: pick(['week', 'month', 'quarter']),
    time: pick(['morning', 'afternoon', 'anytime']),
    dedicatedHours: 1 + random(20),
    tags: [pick(['high', 'medium', 'update'])],
    subObjectives: [1, 2].map((s) => ({
      title: `Part ${s}`,
      tasks: [1, 2, 3].map((t) => ({ text: `Task ${s}.${t}`, percentage: 10 * t, done: false })),
    })),
  });
  user.goals.push(goal);
  if (user.goals.length > KEEP.goals) {
    const old = user.goals.shift()!;
    await call(user, 'goals', 'DELETE', `/objectifs/${old._id}`);
    await call(user, 'goals', 'DELETE', `/objectifs/${old._id}`);
  }
}

async function updateGoal(user: User) {
  if (user.goals.length === 0) return addGoal(user);
  const at = random(user.goals.length);
  const goal = await call<Objective>(user, 'goals', 'GET', `/objectifs/${user.goals[at]!._id}`);
  const tasks = goal.subObjectives.flatMap((sub) => sub.tasks);
  const flip = tasks.length > 0 ? pick(tasks)._id : '';
  const updated = await call<Objective>(user, 'goals', 'PUT', `/objectifs/${goal._id}`, {
    isProgress: true,
    subObjectives: goal.subObjectives.map((sub) => ({
      _id: sub._id,
      title: sub.title,
      tasks: sub.tasks.map((task) => ({
        _id: task._id,
        text: task.text,
        percentage: task.percentage,
        done: task._id === flip ? !task.done : task.done,
      })),
    })),
  });
  user.goals[at] = updated;
}

async function readMonth(user: User) {
  const now = new Date();
  const month = now.getUTCMonth() + random(3);
  const start = day(Date.UTC(now.getUTCFullYear(), month, 1));
  const end = day(Date.UTC(now.getUTCFullYear(), month + 1, 1));
  await call<CalendarEvents>(user, 'calendar', 'GET', `/calender/events?start=${start}&end=${end}`);
}

async function addEvent(user: User) {
  const start = new Date(Date.now() + (1 + random(20)) * DAY_MS);
  start.setUTCHours(7 + random(10), pick([0, 15, 30, 45]), 0, 0);
  const event = await call<CalendarEvent>(user, 'calendar', 'POST', '/calender/add-event', {
    title: `Soak event ${randomBytes(3).toString('hex')}`,
    start: start.toISOString(),
    end: new Date(start.getTime() + pick([30, 60, 90]) * 60_000).toISOString(),
    category: pick(['Personal', 'Business', 'Family', 'ETC']),
    guests: [pick(user.friends).id],
    reminder: pick([null, 10, 30]),
    recurrence: pick(['FREQ=WEEKLY;COUNT=12', 'FREQ=WEEKLY', 'FREQ=WEEKLY;INTERVAL=2;COUNT=6']),
  });
  user.events.push(event._id);
  if (user.events.length > KEEP.events)
    await call(user, 'calendar', 'DELETE', `/calender/${user.events.shift()!}`);
}

async function editEvent(user: User) {
  if (user.events.length === 0) return addEvent(user);
  const id = pick(user.events);
  const event = await call<CalendarEvent>(user, 'calendar', 'GET', `/calender/events/${id}`);
  await call(user, 'calendar', 'PUT', `/calender/modify-event/${id}`, {
    title: `${event.title.replace(/ \(edited \w+\)$/, '')} (edited ${randomBytes(2).toString('hex')})`,
    location: pick(['', 'Room 1', 'Online']),
  });
}

async function planMeeting(user: User) {
  const friend = pick(user.friends);
  const first = Date.now() + (1 + random(30)) * DAY_MS;
  const range = { duration: 30, startDate: day(first), endDate: day(first + 4 * DAY_MS) };
  const times = await call<AvailableTimes>(user, 'meetings', 'POST', '/meetings/available-times', {
    ...range,
    invitees: [friend.id],
  });
  const days = times.data.filter((d) => d.times.length > 0);
  const time = days.length > 0 ? pick(pick(days).times) : null;
  // The time may be taken between the two calls, by another meeting of either.
  const made = await request<Meeting>(
    user,
    'meetings',
    'POST',
    '/meetings',
    {
      ...range,
      name: `Soak meeting ${randomBytes(3).toString('hex')}`,
      link: 'https://meet.example.com/soak',
      invitees: [friend.id],
      time,
    },
    [409],
  );
  if (made.body) user.meetings.push(made.body._id);
  if (user.meetings.length > KEEP.meetings)
    await call(user, 'meetings', 'DELETE', `/meetings/${user.meetings.shift()!}`);
}

async function readMeetings(user: User) {
  await call<MeetingList>(user, 'meetings', 'GET', pick(['/meetings', '/meetings?state=active']));
  if (Math.random() < 0.3) await call(user, 'meetings', 'GET', '/working-hours');
}

async function answerInvitation(user: User) {
  const invitations = await call<InvitationList>(user, 'meetings', 'GET', '/meetings/invitations');
  const pending = invitations.data.filter((invitation) => invitation.status === 'pending');
  if (pending.length === 0) return;
  // Its organiser may have deleted it meanwhile.
  await request(
    user,
    'meetings',
    'PUT',
    `/meetings/${pick(pending).meeting._id}/invitation`,
    { status: Math.random() < 0.8 ? 'accepted' : 'refused' },
    [404, 409],
  );
}

async function sendMessage(user: User) {
  if (user.chats.length === 0) return;
  await call(user, 'chat', 'POST', `/chats/${pick(user.chats)}/messages`, {
    message: `Hello from user ${user.index}, ${randomBytes(4).toString('hex')} — see https://example.com`,
  });
}

async function readChat(user: User) {
  const list = await call<ChatList>(user, 'chat', 'GET', '/chats');
  const chat: ChatSummary | undefined =
    list.chats.find((c) => c.unseen > 0) ?? (list.chats.length > 0 ? pick(list.chats) : undefined);
  if (!chat) return;
  const page = await call<ChatMessagePage>(user, 'chat', 'GET', `/chats/${chat._id}/messages`);
  if (page.hasMore && Math.random() < 0.2 && page.data[0])
    await call(user, 'chat', 'GET', `/chats/${chat._id}/messages?before=${page.data[0]._id}`);
}

async function readNotifications(user: User) {
  const list = await call<NotificationList>(user, 'notifications', 'GET', '/notifications');
  const unread = list.data.filter((n) => !n.isRead);
  if (unread.length === 0) return;
  if (Math.random() < 0.3) await call(user, 'notifications', 'POST', '/notifications/read-all', {});
  // A meeting's invitation goes with the meeting when its organiser deletes it.
  else
    await request(
      user,
      'notifications',
      'PUT',
      `/notifications/${pick(unread)._id}`,
      { isRead: true },
      [404],
    );
}

async function tagsAction(user: User) {
  await call<TagList>(user, 'tags', 'GET', '/tags');
  const color = () => `#${randomBytes(3).toString('hex')}`;
  if (user.tags.length < KEEP.tags || Math.random() < 0.3) {
    const tag = await call<Tag>(user, 'tags', 'POST', '/tags', {
      name: `soak-${randomBytes(4).toString('hex')}`,
      color: color(),
    });
    user.tags.push(tag._id);
    if (user.tags.length > KEEP.tags) await call(user, 'tags', 'DELETE', `/tags/${user.tags.shift()!}`);
  } else {
    await call(user, 'tags', 'PUT', `/tags/${pick(user.tags)}`, {
      name: `soak-${randomBytes(4).toString('hex')}`,
      color: color(),
    });
  }
}

async function readAccount(user: User) {
  await call(user, 'account', 'GET', '/account');
}

async function readPeople(user: User) {
  await call(user, 'people', 'GET', pick(['/friends', '/groups', '/friends/requests']));
}

async function readDashboard(user: User) {
  await call(user, 'dashboard', 'GET', '/dashboard');
}

/** Weights: reads about twice the writes, boards the most used. */
const actions: Array<[number, (user: User) => Promise<void>]> = [
  [10, (user) => readBoard(user).then(() => undefined)],
  [3, listBoards],
  [3, addCard],
  [3, editCard],
  [5, moveCard],
  [3, commentCard],
  [2, cardChecklist],
  [1, readActivity],
  [1, renameList],
  [6, listTodos],
  [3, addTodo],
  [3, updateTodo],
  [4, listGoals],
  [1, addGoal],
  [2, updateGoal],
  [5, readMonth],
  [2, addEvent],
  [1, editEvent],
  [2, planMeeting],
  [2, readMeetings],
  [2, answerInvitation],
  [4, sendMessage],
  [4, readChat],
  [4, readNotifications],
  [2, tagsAction],
  [3, readAccount],
  [2, readPeople],
  [2, readDashboard],
];
const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);

function pickAction(): (user: User) => Promise<void> {
  let r = Math.random() * totalWeight;
  for (const [weight, action] of actions) {
    r -= weight;
    if (r < 0) return action;
  }
  return actions[0]![1];
}

async function userLoop(user: User) {
  // Not all at once.
  await sleep(random(2 * THINK_MS + 1));
  while (phase !== 'stopping') {
    try {
      if (Date.now() - user.tokenAt > REFRESH_EVERY_MS) await refreshTokens(user);
      await pickAction()(user);
    } catch (error) {
      // A failed request is counted where it failed; anything else is this file's own fault.
      if (!(error instanceof Failed)) recordError(undefined, 'the soak client', (error as Error).stack ?? '');
    }
    await sleep(random(2 * THINK_MS + 1));
  }
}

// ---- Live streams ------------------------------------------------------------------------------

const liveEvents = new Map<string, number>();
let liveReopened = 0;
let liveOpen = 0;

interface Stream {
  current?: http.ClientRequest;
}

/** `user`'s stream on `server`, opened again (with the user's newest token) after each `expired`. */
function keepStream(user: User, server: BenchServer, stream: Stream, ready?: () => void) {
  let expired = false;
  // Every opening counts, from the first (before the warm-up): the time to its `ready`.
  const live = stats.get('live')!;
  const started = performance.now();
  live.requests += 1;
  live.reads += 1;
  const request = http.get(
    `${server.url}/api/live`,
    { agent: false, headers: { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' } },
    (response) => {
      if (response.statusCode !== 200) {
        recordError('live', `GET /api/live → ${response.statusCode}`, `user ${user.index}`);
        response.resume();
        return;
      }
      liveOpen += 1;
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (\S+)$/m.exec(frame)?.[1];
          if (!name) continue;
          liveEvents.set(name, (liveEvents.get(name) ?? 0) + 1);
          if (name === 'ready') {
            live.latencies.push(performance.now() - started);
            ready?.();
          }
          if (name === 'expired') expired = true;
        }
      });
      response.on('error', () => undefined);
      response.on('close', () => {
        liveOpen -= 1;
        if (phase === 'stopping') return;
        if (!expired) {
          recordError('live', 'GET /api/live → ended by the server', `user ${user.index} on ${server.url}`);
          return;
        }
        liveReopened += 1;
        keepStream(user, server, stream);
      });
    },
  );
  request.on('error', (error) => {
    if (phase !== 'stopping') recordError('live', 'GET /api/live → network error', error.message);
  });
  stream.current = request;
}

// ---- Processes -----------------------------------------------------------------------------------

/**
 * The PostgreSQL backends serving `url`'s database (the instances' pools), when PostgreSQL runs on
 * this machine: their pids, whose CPU is read like the servers'. Empty when it runs elsewhere.
 */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid).filter((pid) => fs.existsSync(`/proc/${pid}/stat`));
  } finally {
    await client.end();
  }
}

/** The CPU time of those of `pids` still there, in ms (0 for one gone, or not readable). */
function cpuOfMs(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      times.set(pid, cpuMs(pid));
    } catch {
      // Gone, or another user's process that /proc does not show us.
    }
  }
  return times;
}

/** The whole machine's busy and total jiffies (/proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((sum, n) => sum + n, 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: total - idle, total };
}

// ---- The run ------------------------------------------------------------------------------------

const loadBefore = os.loadavg();
const database = await freshPostgresDatabase('bench_soak', postgresUrl);
const streams: Stream[] = [];
const rss: Array<{ at: number; kb: number[] }> = [];
const names = ['A', 'B'];
let pids: number[] = [];
let inspectors: string[] = [];
/** Which server's process went away during the run, if one did; and how each ended. */
let gone: string | undefined;
const exitCodes: Array<number | null> = [];

function serversAlive(): boolean {
  pids.forEach((pid, i) => {
    if (!gone && !fs.existsSync(`/proc/${pid}/status`)) gone = `instance ${names[i]} (pid ${pid}) exited`;
  });
  return gone === undefined;
}
/** After a full GC, at the end of the start window, of the middle one and of the run. */
const collected: Array<{ at: number; memory: Array<{ heapKb: number; rssKb: number }> }> = [];
let users: User[] = [];
let failure: Error | undefined;
let measuredMs = 0;
let cpu = { servers: [] as number[], self: 0, postgres: Number.NaN, backends: 0, machine: 0 };
let loadAfter = loadBefore;
try {
  const secret = randomBytes(36).toString('base64url');
  const prefix = `bench-soak-${randomBytes(4).toString('hex')}:`;
  // Each on a data directory of its own (startInstance), with its logs at warn, no demo accounts
  // and no rate limit on sign-ins.
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: secret,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    // For the heap readings after a full GC (collectedMemory); no session is open in between.
    // SOAK_NODE_OPTIONS adds to it, e.g. `--heapsnapshot-signal=SIGWINCH --diagnostic-dir=/tmp`
    // to take heap snapshots with kill -WINCH <pid> while it runs (not SIGUSR2: the server stops
    // gracefully on it, as close-with-grace does on SIGUSR2 as on SIGTERM).
    NODE_OPTIONS: `--inspect=127.0.0.1:0 ${process.env.SOAK_NODE_OPTIONS ?? ''}`.trim(),
  };
  // One first, so that the two do not race to migrate the new database.
  servers.push(await startInstance(env, 'soak-a'));
  servers.push(await startInstance(env, 'soak-b'));
  pids = servers.map((server) => server.pid);
  inspectors = servers.map((server) => server.inspector());

  const tag = randomBytes(3).toString('hex');
  users = [];
  await inParallel(
    Array.from({ length: USERS }, (_, i) => i),
    5,
    async (i) => void users.push(await register(i, tag)),
  );
  users.sort((a, b) => a.index - b.index);
  await setUp(users);

  const streamUsers = Array.from({ length: STREAMS }, (_, k) => users[Math.floor((k * USERS) / STREAMS)]!);
  await Promise.all(
    streamUsers.map(
      (user, k) =>
        new Promise<void>((resolve) => {
          const stream: Stream = {};
          streams.push(stream);
          keepStream(user, servers[k % servers.length]!, stream, resolve);
        }),
    ),
  );

  phase = 'warm-up';
  const loops = Promise.all(users.map((user) => userLoop(user)));
  await sleep(warmUpSeconds * 1000);

  if (!serversAlive()) throw new Error(`${gone} during the warm-up`);
  phase = 'measured';
  const started = performance.now();
  const backends = await backendPids(database.url);
  const cpuStart = {
    servers: pids.map((pid) => cpuMs(pid)),
    self: cpuMs('self'),
    backends: cpuOfMs(backends),
    machine: machineTicks(),
  };
  const elapsed = () => (performance.now() - started) / 1000;
  const sample = () => {
    if (serversAlive()) rss.push({ at: elapsed(), kb: pids.map(rssKb) });
  };
  // Until then, or until a server is gone (the run then stops and says so).
  const until = async (at: number) => {
    while (serversAlive() && elapsed() < at) await sleep(Math.min(250, (at - elapsed()) * 1000));
  };
  const collect = async () => {
    if (!READ_HEAP || !serversAlive()) return;
    const at = elapsed();
    const memory = await Promise.all(pids.map((pid, i) => collectedMemory(pid, inspectors[i]!)));
    collected.push({ at, memory });
  };
  sample();
  const sampler = setInterval(sample, RSS_EVERY_MS);
  // Each GC just after its RSS window, so that none of the windows has a forced one in it.
  const firstHeap = Math.max(rssWindow, HEAP_FROM_S);
  await until(firstHeap);
  await collect();
  await until(Math.max(measuredSeconds / 2 + rssWindow / 2, (firstHeap + measuredSeconds) / 2));
  await collect();
  await until(measuredSeconds);
  clearInterval(sampler);
  sample();
  if (!serversAlive()) throw new Error(`${gone} during the run (at ${Math.round(elapsed())} s of it)`);
  measuredMs = performance.now() - started;
  const machine = machineTicks();
  const backendsEnd = cpuOfMs(backends);
  let backendMs = 0;
  for (const [pid, end] of backendsEnd) backendMs += end - (cpuStart.backends.get(pid) ?? end);
  cpu = {
    servers: pids.map((pid, i) => (cpuMs(pid) - cpuStart.servers[i]!) / measuredMs),
    self: (cpuMs('self') - cpuStart.self) / measuredMs,
    postgres: backendsEnd.size > 0 ? backendMs / measuredMs : Number.NaN,
    backends: backendsEnd.size,
    machine: (machine.busy - cpuStart.machine.busy) / (machine.total - cpuStart.machine.total),
  };
  loadAfter = os.loadavg();
  await collect();

  phase = 'stopping';
  await loops;
} catch (error) {
  failure = error as Error;
} finally {
  phase = 'stopping';
  // The servers end the live streams themselves as they stop (SIGTERM).
  agent.destroy();
  for (const server of servers) {
    // One gone already has no exit code to tell (it is read as none); stop() removes its data too.
    const alive = fs.existsSync(`/proc/${server.pid}/status`);
    const code = await server.stop();
    exitCodes.push(alive ? code : null);
  }
  for (const stream of streams) stream.current?.destroy();
  await database.drop();
}

/** A latency, or a dash when there was none. */
const latency = (value: number) => (Number.isNaN(value) ? '–' : ms(value));
const mb = (kb: number) => Math.round(kb / 102.4) / 10;

if (failure) {
  console.error(
    `soak: the run stopped: ${failure.message}; the instances' exit codes: ${exitCodes.map((code) => code ?? 'none (a signal, or gone before)').join(', ')}`,
  );
  for (const [i, server] of servers.entries())
    console.error(`instance ${names[i]}'s log:\n${server.output().slice(-4000)}`);
  process.exit(1);
}

const seconds = measuredMs / 1000;
const rows = [...stats.entries()].map(([area, s]): Record<string, string | number> => {
  const sorted = [...s.latencies].sort((a, b) => a - b);
  return {
    area,
    requests: s.requests,
    'req/s': ms(s.requests / seconds),
    reads: s.reads,
    writes: s.writes,
    'p50 ms': latency(percentile(sorted, 50)),
    'p99 ms': latency(percentile(sorted, 99)),
    'max ms': latency(sorted.at(-1) ?? Number.NaN),
    'expected 4xx': s.expected,
    errors: s.errors,
  };
});
const all = [...stats.values()];
const allLatencies = all.flatMap((s) => s.latencies).sort((a, b) => a - b);
const total = {
  requests: all.reduce((sum, s) => sum + s.requests, 0),
  reads: all.reduce((sum, s) => sum + s.reads, 0),
  writes: all.reduce((sum, s) => sum + s.writes, 0),
  expected: all.reduce((sum, s) => sum + s.expected, 0),
  errors: all.reduce((sum, s) => sum + s.errors, clientErrors),
};
rows.push({
  area: 'all',
  requests: total.requests,
  'req/s': ms(total.requests / seconds),
  reads: total.reads,
  writes: total.writes,
  'p50 ms': ms(percentile(allLatencies, 50)),
  'p99 ms': ms(percentile(allLatencies, 99)),
  'max ms': ms(allLatencies.at(-1) ?? Number.NaN),
  'expected 4xx': total.expected,
  errors: total.errors,
});

const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
printTable(
  `Soak: 2 built instances on one fresh PostgreSQL database and one Redis, ${USERS} users (${FRIEND_STEPS.length * 2} friends each, ${USERS / GROUP_SIZE} groups, a board each shared with two friends), ${STREAMS} live streams open throughout, ${ms(seconds)} s measured after ${warmUpSeconds} s of warm-up, 0–${2 * THINK_MS} ms between a user's actions, requests alternated over the instances; ${cores} cores, load average (1, 5, 15 min) ${load(loadBefore)} before the run and ${load(loadAfter)} at its end; CPU while measured: machine ${Math.round(cpu.machine * 100)} % busy, instance A ${Math.round((cpu.servers[0] ?? 0) * 100)} % of a core, B ${Math.round((cpu.servers[1] ?? 0) * 100)} %, ${Number.isNaN(cpu.postgres) ? 'PostgreSQL not on this machine' : `PostgreSQL's ${cpu.backends} backends of this database ${Math.round(cpu.postgres * 100)} %`}, this client ${Math.round(cpu.self * 100)} % (the rest: Redis and whatever else runs). Latency from just before the request to its last byte; errors counted from the warm-up on`,
  rows,
);

/**
 * Each reading is the median of the samples in a window (a tenth of the measured time, at least
 * 5 s) at the start, around the middle and at the end: a single sample moves by tens of MB with
 * the garbage collector's cycle.
 */
const rssIn = (i: number, from: number, to: number) =>
  median(rss.filter((s) => s.at >= from && s.at <= to).map((s) => s.kb[i]!));
const memory = pids.map((pid, i) => {
  const start = rssIn(i, 0, rssWindow);
  const middle = rssIn(i, measuredSeconds / 2 - rssWindow / 2, measuredSeconds / 2 + rssWindow / 2);
  const end = rssIn(i, seconds - rssWindow, seconds + 1);
  const growth = ((end - start) / start) * 100;
  const values = rss.map((s) => s.kb[i]!);
  // The run in tenths, each its median: where the memory went, not only where it ended.
  const tenths = Array.from({ length: 10 }, (_, k) =>
    mb(rssIn(i, (k * seconds) / 10, ((k + 1) * seconds) / 10)),
  );
  const heap = collected.map((c) => c.memory[i]!.heapKb);
  const heapGrowth = heap.length > 1 ? ((heap.at(-1)! - heap[0]!) / heap[0]!) * 100 : Number.NaN;
  return {
    pid,
    name: names[i]!,
    start,
    middle,
    end,
    growth,
    min: Math.min(...values),
    peak: Math.max(...values),
    tenths,
    heap,
    heapGrowth,
    rssAfterGc: collected.map((c) => c.memory[i]!.rssKb),
  };
});
const memoryRows = memory.map((m) => ({
  instance: `${m.name} (pid ${m.pid})`,
  'start MB': mb(m.start),
  'middle MB': mb(m.middle),
  'end MB': mb(m.end),
  'end vs start %': ms(m.growth),
  'min MB': mb(m.min),
  'peak MB': mb(m.peak),
  'heap after GC MB': m.heap.length > 0 ? m.heap.map(mb).join(' → ') : '–',
  'heap %': latency(m.heapGrowth),
}));
console.table(memoryRows);

console.log(
  `soak, ${USERS} users over 2 instances, ${ms(seconds)} s: ${total.requests.toLocaleString('en')} requests (${ms(total.requests / seconds)} req/s), ${total.errors} errors (goal ${GOAL_ERRORS}: ${total.errors <= GOAL_ERRORS ? 'met' : 'MISSED'}), ${total.expected} expected 4xx; p50 ${ms(percentile(allLatencies, 50))} ms, p99 ${ms(percentile(allLatencies, 99))} ms over all`,
);
for (const m of memory) {
  console.log(
    `soak RSS, instance ${m.name}: start ${mb(m.start)} MB, middle ${mb(m.middle)} MB, end ${mb(m.end)} MB (medians over ${ms(rssWindow)} s; end vs start ${m.growth >= 0 ? '+' : ''}${ms(m.growth)} %; goal flat within ${GOAL_RSS_GROWTH} %: ${Math.abs(m.growth) <= GOAL_RSS_GROWTH ? 'met' : m.growth < 0 ? 'MISSED, by falling' : 'MISSED'}); min ${mb(m.min)}, peak ${mb(m.peak)} MB; by tenth of the run ${m.tenths.join(' ')} MB`,
  );
  if (m.heap.length > 0)
    console.log(
      `  JavaScript heap in use after a full GC at ${collected.map((c) => `${Math.round(c.at)} s`).join(', ')}: ${m.heap.map(mb).join(' → ')} MB (${m.heapGrowth >= 0 ? '+' : ''}${ms(m.heapGrowth)} %; goal flat within ${GOAL_HEAP_GROWTH} %: ${Math.abs(m.heapGrowth) <= GOAL_HEAP_GROWTH ? 'met' : 'MISSED'}), RSS just after ${m.rssAfterGc.map(mb).join(' → ')} MB`,
    );
}
console.log(
  `soak live: ${STREAMS} streams, events heard ${[...liveEvents.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${count.toLocaleString('en')}`)
    .join(', ')}; opened again after their token expired: ${liveReopened}; open at the end: ${liveOpen}`,
);
if (expected.size > 0) {
  console.log('expected 4xx (concurrent users: a card deleted or moved, a time taken, a meeting gone):');
  for (const [key, count] of [...expected.entries()].sort((a, b) => b[1] - a[1]))
    console.log(`  ${count} × ${key}`);
}
if (errors.size > 0) {
  console.error('errors:');
  for (const [key, { count, example }] of [...errors.entries()].sort((a, b) => b[1].count - a[1].count))
    console.error(`  ${count} × ${key}: ${example}`);
}
/** A pino line in short: time, level, message, the error's type, message and detail, the request. */
function logLine(line: string): string {
  try {
    const entry = JSON.parse(line) as {
      level?: number;
      time?: number;
      msg?: string;
      reqId?: string;
      req?: { method?: string; url?: string };
      err?: { type?: string; message?: string; detail?: string; code?: string; stack?: string };
    };
    const err = entry.err;
    // Where in the server: the named frames of the bundle, innermost first.
    const frames = [...(err?.stack ?? '').matchAll(/at (?:async )?([\w$.]+) \([^)]*server\/dist\/main\.js/g)]
      .map((match) => match[1]!)
      .filter((name, k, all) => !name.startsWith('RetryingConnection.') && all.indexOf(name) === k)
      .slice(0, 5);
    return [
      entry.time ? new Date(entry.time).toISOString().slice(11, 23) : '',
      ({ 40: 'WARN', 50: 'ERROR', 60: 'FATAL' } as Record<number, string>)[entry.level ?? 0] ?? entry.level,
      entry.msg ?? '',
      err
        ? `— ${err.type ?? ''} ${err.code ?? ''}: ${err.message ?? ''}${err.detail ? ` (${err.detail})` : ''}`
        : '',
      frames.length > 0 ? `in ${frames.join(' < ')}` : '',
      entry.req ? `[${entry.req.method} ${entry.req.url}]` : entry.reqId ? `[${entry.reqId}]` : '',
    ]
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' ')
      .slice(0, 600);
  } catch {
    return line.slice(0, 600);
  }
}

for (const [i, server] of servers.entries()) {
  const lines = server
    .output()
    .split('\n')
    // Not the inspector's own notices (the heap readings).
    .filter(
      (line) => line.trim() !== '' && !/^(Debugger (listening|attached|ending)|For help, see)/.test(line),
    );
  if (lines.length === 0) continue;
  const file = path.join(os.tmpdir(), `cadence-soak-${names[i]}-${process.pid}.log`);
  fs.writeFileSync(file, server.output());
  console.log(
    `instance ${names[i]} logged ${lines.length} lines (LOG_LEVEL=warn; all of them in ${file}); the first 15:`,
  );
  for (const line of lines.slice(0, 15)) console.log(`  ${logLine(line)}`);
}
if (total.errors > 0 || total.requests === 0) {
  console.error('Some requests failed: the soak is not clean.');
  process.exitCode = 1;
}
