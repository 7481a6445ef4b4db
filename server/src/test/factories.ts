/**
 * Factories for the server tests: each test makes its own users and data through HTTP, so tests
 * never depend on one another's rows and every file builds its fixtures the same way.
 */
import {
  type AppPasswordCreated,
  type AuthSession,
  type Board,
  type BoardList,
  type BoardSummary,
  type CalendarEvent,
  type ChatMessage,
  type ChatSummary,
  type CreateEventForm,
  type CreateMeetingForm,
  type CreateObjectiveForm,
  type CreateTaskForm,
  type ErrorBody,
  type FriendRequest,
  type FriendRequests,
  type Group,
  type ItemComment,
  type ListItem,
  type Meeting,
  messages,
  type NotificationList,
  type Objective,
  type OpenChatInput,
  type PublicUser,
  type Task,
  type TokenPair,
} from '@cadence/contract';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { newAccount, snapshot, type TestApp } from './harness';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A request through the app, with the Bearer token when one is given. */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const options: InjectOptions = {
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return t.app.inject(options);
}

/** A multipart/form-data body holding one file in the field `file`, as a browser sends it. */
export function multipartFile(filename: string, contentType: string, content: Buffer) {
  const boundary = '----cadence-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A request that must answer `status`; answers its JSON body (or undefined for an empty one). */
export async function ok<T>(
  t: TestApp,
  method: Method,
  url: string,
  /** undefined: a call without signing in (a public page's) */
  token: string | undefined,
  payload?: unknown,
  status = 200,
): Promise<T> {
  const response = await call(t, method, url, token, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return (response.body ? response.json<T>() : undefined) as T;
}

/** Asserts a D10 error answer with its status and code, and answers the body. */
export function expectError(response: Reply, status: number, code: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body).toMatchObject({ statusCode: status, code });
  return body;
}

/** Asserts that a call without a token answers 401 asking to sign in, and changes no row. */
export async function expectSignInRequired(
  t: TestApp,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<void> {
  const before = await snapshot(t.database);
  const body = expectError(await call(t, method, url, undefined, payload), 401, 'UNAUTHORIZED');
  expect(body.message).toBe(messages['auth.required']);
  expect(await snapshot(t.database)).toEqual(before);
}

/**
 * Waits until the app's mail outbox has sent everything written so far (10 s at most): mail
 * leaves after the answer of the call that wrote it.
 */
export async function untilMailSent(t: TestApp): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const busy = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('state', 'in', ['pending', 'sending'])
      .execute();
    if (busy.length === 0) return;
    if (Date.now() > deadline) throw new Error('mails still unsent');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A sign-in or a refresh: the answer, whatever its status. */
export function login(t: TestApp, email: string, password: string): Promise<Reply> {
  return call(t, 'POST', '/api/jwt/login', undefined, { email, password });
}

export function refresh(t: TestApp, refreshToken: string): Promise<Reply> {
  return call(t, 'POST', '/api/jwt/refresh-token', undefined, { refreshToken });
}

/** Every e-mail address buildUser has handed out in this test file. */
const emails: string[] = [];

/** Asserts that an answer shows no user's e-mail address (D12, D13). */
export function expectNoEmail(response: Reply): void {
  for (const email of emails) expect(response.body).not.toContain(email);
}

export interface TestUser {
  id: string;
  token: string;
  refreshToken: string;
  email: string;
  username: string;
  fullName: string;
  password: string;
  session: AuthSession;
}

/** A newly registered account, signed in. */
export async function buildUser(
  t: TestApp,
  overrides: Parameters<typeof newAccount>[0] = {},
): Promise<TestUser> {
  const account = newAccount(overrides);
  const response = await call(t, 'POST', '/api/jwt/register', undefined, account);
  expect(response.statusCode, response.body).toBe(201);
  const session = response.json<AuthSession>();
  emails.push(account.email);
  return {
    id: session.userData._id,
    token: session.accessToken,
    refreshToken: session.refreshToken,
    email: account.email,
    username: session.userData.username,
    fullName: session.userData.fullName,
    password: account.password,
    session,
  };
}

/** An app password of the user's for a calendar app (D43), and the Basic credentials it makes. */
export async function buildAppPassword(
  t: TestApp,
  user: TestUser,
  name = 'Phone',
): Promise<AppPasswordCreated & { basic: string }> {
  const secret = await ok<AppPasswordCreated>(
    t,
    'POST',
    '/api/account/app-passwords',
    user.token,
    { name },
    201,
  );
  return {
    ...secret,
    basic: `Basic ${Buffer.from(`${secret.username}:${secret.password}`).toString('base64')}`,
  };
}

/**
 * A newly registered account that has set its time zone (and, when given, its language) in its
 * settings, as the calendar and meetings tests need: days, hours and mail depend on them.
 */
export async function buildUserInZone(t: TestApp, timeZone: string, language?: string): Promise<TestUser> {
  const user = await buildUser(t);
  await ok(t, 'PUT', '/api/account', user.token, { timeZone, ...(language ? { language } : {}) });
  return user;
}

/**
 * Three people for the meetings tests, all on D22's default hours: A in Paris organises; B in New
 * York (in `languageOfB`, English by default) and C in Lisbon, in Portuguese, are A's friends.
 */
export async function buildMeetingTeam(
  t: TestApp,
  languageOfB?: string,
): Promise<{ a: TestUser; b: TestUser; c: TestUser }> {
  const [a, b, c] = [
    await buildUserInZone(t, 'Europe/Paris'),
    await buildUserInZone(t, 'America/New_York', languageOfB),
    await buildUserInZone(t, 'Europe/Lisbon', 'pt'),
  ];
  await befriend(t, a, b);
  await befriend(t, a, c);
  return { a, b, c };
}

/** A second session of the user's (another device): a sign-in's token pair. */
export async function signInAgain(t: TestApp, user: TestUser): Promise<TokenPair> {
  const response = await login(t, user.email, user.password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenPair>();
}

/** The user's bell: their notifications and the unread count. */
export function notificationsOf(t: TestApp, user: TestUser): Promise<NotificationList> {
  return ok<NotificationList>(t, 'GET', '/api/notifications', user.token);
}

/** The directory's view of a user who has changed nothing since registering. */
export function publicOf(user: TestUser): PublicUser {
  return { _id: user.id, username: user.username, fullName: user.fullName, avatar: null, country: '' };
}

/** A pending friend request from `from` to `to`. */
export async function sendFriendRequest(t: TestApp, from: TestUser, to: TestUser): Promise<FriendRequest> {
  const response = await call(t, 'POST', '/api/friends/requests', from.token, { userId: to.id });
  expect(response.statusCode, response.body).toBe(201);
  expectNoEmail(response);
  return response.json<FriendRequest>();
}

/** Makes `a` and `b` friends: a request from a, accepted by b. */
export async function befriend(t: TestApp, a: TestUser, b: TestUser): Promise<void> {
  const request = await sendFriendRequest(t, a, b);
  await ok(t, 'POST', `/api/friends/requests/${request._id}/accept`, b.token, undefined, 204);
}

/** Two new users who are friends. */
export async function buildFriends(t: TestApp): Promise<[TestUser, TestUser]> {
  const [a, b] = [await buildUser(t), await buildUser(t)];
  await befriend(t, a, b);
  return [a, b];
}

/** A list answer of the API: its rows and their count. */
export interface Page<T> {
  data: T[];
  count: number;
}

/** The friends of the token's user, checked to show no e-mail and to count what it lists. */
export async function friendsOf(t: TestApp, token: string): Promise<PublicUser[]> {
  const response = await call(t, 'GET', '/api/friends', token);
  expect(response.statusCode, response.body).toBe(200);
  expectNoEmail(response);
  const body = response.json<Page<PublicUser>>();
  expect(body.count).toBe(body.data.length);
  return body.data;
}

/** The token's user's pending friend requests, checked to show no e-mail. */
export async function requestsOf(t: TestApp, token: string): Promise<FriendRequests> {
  const response = await call(t, 'GET', '/api/friends/requests', token);
  expect(response.statusCode, response.body).toBe(200);
  expectNoEmail(response);
  return response.json<FriendRequests>();
}

/**
 * A group of `owner`'s; its members must already be the owner's friends. Without `members` the
 * request carries no memberIds at all.
 */
export async function buildGroup(
  t: TestApp,
  owner: TestUser,
  {
    name = `Group ${Math.random().toString(36).slice(2, 8)}`,
    members,
  }: { name?: string; members?: TestUser[] } = {},
): Promise<Group> {
  const payload = members ? { name, memberIds: members.map((m) => m.id) } : { name };
  const response = await call(t, 'POST', '/api/groups', owner.token, payload);
  expect(response.statusCode, response.body).toBe(201);
  expectNoEmail(response);
  return response.json<Group>();
}

/** The token's user's own groups. */
export async function groupsOf(t: TestApp, token: string): Promise<Group[]> {
  return (await ok<Page<Group>>(t, 'GET', '/api/groups', token)).data;
}

export interface BuiltBoard {
  board: Board;
  /** Lists by name. */
  lists: Record<string, BoardList>;
  /** Items by name. */
  items: Record<string, ListItem>;
}

export interface BoardOptions {
  name?: string;
  description?: string;
  members?: TestUser[];
  layout?: Record<string, string[]>;
}

/**
 * A board of `owner`'s, shared with `members` (the owner's friends), with lists named by the keys
 * of `layout` holding items named by its values.
 */
export async function buildBoard(
  t: TestApp,
  owner: TestUser,
  { name = 'Launch', description = 'Ship it', members = [], layout = {} }: BoardOptions = {},
): Promise<BuiltBoard> {
  let board = await ok<Board>(t, 'POST', '/api/projects', owner.token, { name, description }, 201);
  if (members.length > 0) {
    board = await ok<Board>(t, 'PUT', `/api/projects/${board._id}`, owner.token, {
      memberIds: members.map((m) => m.id),
    });
  }
  const lists: Record<string, BoardList> = {};
  const items: Record<string, ListItem> = {};
  for (const [listName, itemNames] of Object.entries(layout)) {
    const list = await ok<BoardList>(
      t,
      'POST',
      `/api/projects/${board._id}/lists`,
      owner.token,
      { name: listName },
      201,
    );
    lists[listName] = list;
    for (const itemName of itemNames) {
      items[itemName] = await ok<ListItem>(
        t,
        'POST',
        `/api/projects/${board._id}/lists/${list._id}/items`,
        owner.token,
        { name: itemName },
        201,
      );
    }
  }
  return { board, lists, items };
}

/** The boards `userId` owns or shares, as that user lists them. */
export function boardsOf(t: TestApp, token: string, userId: string): Promise<Page<BoardSummary>> {
  return ok<Page<BoardSummary>>(t, 'GET', `/api/projects?user=${userId}`, token);
}

/** The board as its reader sees it now. */
export async function readBoard(t: TestApp, token: string, boardId: string): Promise<Board> {
  return (await ok<{ data: Board }>(t, 'GET', `/api/projects?id=${boardId}`, token)).data;
}

/** A valid goal body (D29): one sub-goal with two tasks weighted 30 and 70, the first done. */
export function goalInput(overrides: Partial<CreateObjectiveForm> = {}): CreateObjectiveForm {
  return {
    title: 'Run a marathon',
    description: 'Under four hours',
    startDate: '2026-01-01',
    endDate: '2026-06-30',
    timeline: 'quarter',
    time: 'morning',
    dedicatedHours: 5,
    tags: ['high'],
    subObjectives: [
      {
        title: 'Build the base',
        tasks: [
          { text: 'Run 20 km a week', done: true, percentage: 30 },
          { text: 'Run 40 km a week', done: false, percentage: 70 },
        ],
      },
    ],
    ...overrides,
  };
}

/** A goal of `owner`'s, from `goalInput` with `overrides`. */
export function buildGoal(
  t: TestApp,
  owner: TestUser,
  overrides: Partial<CreateObjectiveForm> = {},
): Promise<Objective> {
  return ok<Objective>(t, 'POST', '/api/objectifs', owner.token, goalInput(overrides), 201);
}

/** A task of `owner`'s (D30), by default titled "Water the plants", tagged `high`. */
export function buildTask(
  t: TestApp,
  owner: TestUser,
  overrides: Partial<CreateTaskForm> = {},
): Promise<Task> {
  return ok<Task>(
    t,
    'POST',
    '/api/todos',
    owner.token,
    { title: 'Water the plants', tags: ['high'], ...overrides },
    201,
  );
}

/**
 * An event of `owner`'s (D31), `fields` over a half-hour "Stand-up" on 1 December 2026 at 09:00Z.
 */
export function buildEvent(
  t: TestApp,
  owner: TestUser,
  fields: Partial<CreateEventForm> = {},
): Promise<CalendarEvent> {
  return ok<CalendarEvent>(
    t,
    'POST',
    '/api/calender/add-event/',
    owner.token,
    { title: 'Stand-up', start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T09:30:00.000Z', ...fields },
    201,
  );
}

/**
 * A meeting's body (D24): `fields` over an hour's "Quarterly review" to hold in the week of Monday
 * 11 January 2027, with no one invited and no time chosen.
 */
export function meetingInput(fields: Partial<CreateMeetingForm> = {}): CreateMeetingForm {
  return {
    name: 'Quarterly review',
    duration: 60,
    startDate: '2027-01-11',
    endDate: '2027-01-15',
    ...fields,
  };
}

/** A meeting `organiser` makes, from `meetingInput` with `fields`. */
export function buildMeeting(
  t: TestApp,
  organiser: TestUser,
  fields: Partial<CreateMeetingForm> = {},
): Promise<Meeting> {
  return ok<Meeting>(t, 'POST', '/api/meetings', organiser.token, meetingInput(fields), 201);
}

/** `invitee`'s answer to an invitation to the meeting; answers the meeting as they see it. */
export function answerInvitation(
  t: TestApp,
  invitee: TestUser,
  meetingId: string,
  status: 'accepted' | 'refused',
): Promise<Meeting> {
  return ok<Meeting>(t, 'PUT', `/api/meetings/${meetingId}/invitation`, invitee.token, { status });
}

/**
 * The chat `user` opens (D37) with a friend (`{ friend: id }`) or of a group (`{ group: id }`):
 * 201 when it is new, 200 when it already exists.
 */
export function buildChat(
  t: TestApp,
  user: TestUser,
  target: OpenChatInput,
  status: 200 | 201 = 201,
): Promise<ChatSummary> {
  return ok<ChatSummary>(t, 'POST', '/api/chats', user.token, target, status);
}

/** A message `sender` sends to the chat. */
export function sendMessage(
  t: TestApp,
  sender: TestUser,
  chatId: string,
  message: string,
): Promise<ChatMessage> {
  return ok<ChatMessage>(t, 'POST', `/api/chats/${chatId}/messages`, sender.token, { message }, 201);
}

/** A comment of `author`'s on a card of the board. */
export function buildComment(
  t: TestApp,
  author: TestUser,
  boardId: string,
  itemId: string,
  text: string,
): Promise<ItemComment> {
  return ok<ItemComment>(
    t,
    'POST',
    `/api/projects/${boardId}/items/${itemId}/comments`,
    author.token,
    { text },
    201,
  );
}
