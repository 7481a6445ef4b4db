/**
 * Every operation of the API as the security tests call it: the resources a victim owns (one
 * coherent chain of board, list, item and to-do, a group, a tag, a friend request), and for each
 * operation of /api/openapi.json how to aim it at them with a valid body. The authorization matrix
 * and the bad-input test are generated from this table and the OpenAPI document together; an
 * operation missing here fails both.
 */
import {
  befriend,
  buildBoard,
  buildGoal,
  buildTask,
  buildGroup,
  buildUser,
  goalInput,
  type Method,
  ok,
  sendFriendRequest,
  type TestUser,
} from '../test/factories';
import { notify } from '../modules/notifications/notify';
import { newAccount, type TestApp } from '../test/harness';

/**
 * The settings the security suites build their app with: card payment on (D36), so they judge the
 * configuration with the most routes live, its provider a closed local port. Sign-in and
 * validation come before the feature switch and the provider call, so every refusal is the same
 * as without it; a bad input that reached the provider would show as a 502, and nothing can leave
 * the machine.
 */
export const securityEnv = {
  STRIPE_SECRET_KEY: 'sk_test_security_suites',
  STRIPE_WEBHOOK_SECRET: 'whsec_security_suites',
  STRIPE_API_URL: 'http://127.0.0.1:1',
};

/** Marks the victim's resources, so a leak of any of them into a stranger's answer is seen. */
export const SECRET_MARK = 'victim-secret-7f3a';

export interface World {
  victim: TestUser;
  /** The victim's friend, a member of the victim's board and group. */
  member: TestUser;
  /** An ordinary user with no relation to the victim. */
  stranger: TestUser;
  groupId: string;
  tagId: string;
  boardId: string;
  listId: string;
  otherListId: string;
  itemId: string;
  todoId: string;
  /** The victim's comment on that item. */
  commentId: string;
  goalId: string;
  /** The victim's task, assigned to the member. */
  taskId: string;
  /** The victim's weekly event, with the member as a guest. */
  eventId: string;
  /** The victim's meeting with a chosen time, the member invited. */
  meetingId: string;
  /** The token of the member's Accept and Decline links to the victim's meeting (D42). */
  answerToken: string;
  /** A notification of the victim's (its reminder fired). */
  notificationId: string;
  /** The secret of the victim's calendar feed address. */
  feedToken: string;
  /** A request from the victim to someone who has not answered. */
  requestId: string;
  /** The victim's app password for a calendar app (D43). */
  appPasswordId: string;
  /** A valid access token of an account the operator has since deactivated. */
  deactivatedToken: string;
  /** The victim's direct chat with the member, and a message in it. */
  chatId: string;
  chatMessageId: string;
  /** The victim's booking type (D44), its public link's slug, and an outsider's booking through it. */
  bookingTypeId: string;
  bookingSlug: string;
  bookingId: string;
  bookingToken: string;
  /** A day of that booking, for the public page's range. */
  bookingDay: string;
}

export interface Call {
  /** Path parameters by name. */
  params?: (w: World) => Record<string, string>;
  query?: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
  /**
   * What the stranger's valid token gets on the victim's resource. `own`: the operation acts only
   * on the caller's own data (a stranger's call is a call on their own things), so there is no
   * victim resource to protect; the answer must still not show the victim's data.
   */
  stranger: 404 | 403 | 'own' | { status: 200; reason: string };
  /** What a member of the victim's board gets, where D17 makes them differ from the owner. */
  member?: 403;
  /**
   * An endless stream (GET /api/live): its refusals are checked here, but an answer that succeeds
   * never ends, so inject cannot read it; the reason names the test that reads it instead.
   */
  stream?: string;
}

export const own = 'own' as const;

/** Every signed-in operation of the API: how to aim it at the victim's resources. */
export const operations: Record<string, Call[]> = {
  'GET /api/jwt/me': [{ stranger: own }],
  'GET /api/account': [{ stranger: own }],
  'PUT /api/account': [{ body: () => ({ general: { company: 'Acme' } }), stranger: own }],
  'POST /api/account/password': [
    {
      body: () => ({ currentPassword: 'correct horse battery', newPassword: 'another long password' }),
      stranger: own,
    },
  ],
  'POST /api/account/avatar': [{ stranger: own }],
  'DELETE /api/account/avatar': [{ stranger: own }],
  'GET /api/account/export': [{ stranger: own }],
  // The shared world must outlive every case: a wrong password deletes nothing (your-data.test.ts deletes).
  'DELETE /api/account': [{ body: () => ({ password: 'not the password' }), stranger: own }],
  'GET /api/users': [{ query: () => ({ q: 'user' }), stranger: own }],
  'GET /api/users/{id}': [
    {
      params: (w) => ({ id: w.victim.id }),
      stranger: { status: 200, reason: 'public profile fields by design (D11)' },
    },
  ],
  'PUT /api/users/{id}': [
    { params: (w) => ({ id: w.victim.id }), body: () => ({ fullName: 'Taken Over' }), stranger: 403 },
  ],
  'GET /api/friends': [{ stranger: own }],
  'DELETE /api/friends/{userId}': [{ params: (w) => ({ userId: w.victim.id }), stranger: 404 }],
  'GET /api/friends/requests': [{ stranger: own }],
  'POST /api/friends/requests': [{ body: (w) => ({ userId: w.victim.id }), stranger: own }],
  'POST /api/friends/requests/{id}/accept': [{ params: (w) => ({ id: w.requestId }), stranger: 404 }],
  'POST /api/friends/requests/{id}/decline': [{ params: (w) => ({ id: w.requestId }), stranger: 404 }],
  'DELETE /api/friends/requests/{id}': [{ params: (w) => ({ id: w.requestId }), stranger: 404 }],
  'GET /api/groups': [{ stranger: own }],
  'POST /api/groups': [{ body: () => ({ name: 'My own group' }), stranger: own }],
  'GET /api/groups/{id}': [{ params: (w) => ({ id: w.groupId }), stranger: 404 }],
  'PUT /api/groups/{id}': [
    { params: (w) => ({ id: w.groupId }), body: () => ({ name: 'Renamed' }), stranger: 404 },
  ],
  'DELETE /api/groups/{id}': [{ params: (w) => ({ id: w.groupId }), stranger: 404 }],
  'GET /api/tags': [{ stranger: own }],
  'POST /api/tags': [{ body: () => ({ name: 'mine', color: '#123456' }), stranger: own }],
  'PUT /api/tags/{id}': [
    { params: (w) => ({ id: w.tagId }), body: () => ({ name: 'renamed' }), stranger: 404 },
  ],
  'DELETE /api/tags/{id}': [{ params: (w) => ({ id: w.tagId }), stranger: 404 }],
  'GET /api/projects': [
    { query: (w) => ({ id: w.boardId }), stranger: 404 },
    { query: (w) => ({ user: w.victim.id }), stranger: 403 },
  ],
  'POST /api/projects': [{ body: () => ({ name: 'My own board' }), stranger: own }],
  'PUT /api/projects/{boardId}': [
    {
      params: (w) => ({ boardId: w.boardId }),
      body: () => ({ name: 'Renamed' }),
      stranger: 404,
      member: 403,
    },
  ],
  'DELETE /api/projects/{boardId}': [{ params: (w) => ({ boardId: w.boardId }), stranger: 404, member: 403 }],
  'POST /api/projects/{boardId}/lists': [
    { params: (w) => ({ boardId: w.boardId }), body: () => ({ name: 'Injected' }), stranger: 404 },
  ],
  'PUT /api/projects/{boardId}/lists/{listId}': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId }),
      body: () => ({ name: 'Renamed' }),
      stranger: 404,
    },
  ],
  'PUT /api/projects/{boardId}/lists/items/{itemId}': [
    {
      params: (w) => ({ boardId: w.boardId, itemId: w.itemId }),
      body: (w) => ({ fromList: w.listId, toList: w.otherListId, fromIndex: 0, toIndex: 0 }),
      stranger: 404,
    },
  ],
  'POST /api/projects/{boardId}/lists/{listId}/items': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId }),
      body: () => ({ name: 'Injected' }),
      stranger: 404,
    },
  ],
  'PUT /api/projects/{boardId}/lists/{listId}/items/{itemId}': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId }),
      body: () => ({ name: 'Renamed' }),
      stranger: 404,
    },
  ],
  'DELETE /api/projects/{boardId}/lists/{listId}/items/{itemId}': [
    { params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId }), stranger: 404 },
  ],
  'POST /api/projects/{boardId}/lists/{listId}/items/{itemId}/todo': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId }),
      body: () => ({ text: 'Injected' }),
      stranger: 404,
    },
  ],
  'PUT /api/projects/{boardId}/lists/{listId}/items/{itemId}/todo/{todoId}': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId, todoId: w.todoId }),
      body: () => ({ done: true }),
      stranger: 404,
    },
  ],
  'DELETE /api/projects/{boardId}/lists/{listId}/items/{itemId}/todo/{todoId}': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId, todoId: w.todoId }),
      stranger: 404,
    },
  ],
  'GET /api/projects/{boardId}/items': [
    { params: (w) => ({ boardId: w.boardId }), query: () => ({ q: 'card', due: 'none' }), stranger: 404 },
  ],
  'GET /api/projects/{boardId}/items/{itemId}/comments': [
    { params: (w) => ({ boardId: w.boardId, itemId: w.itemId }), stranger: 404 },
  ],
  'POST /api/projects/{boardId}/items/{itemId}/comments': [
    {
      params: (w) => ({ boardId: w.boardId, itemId: w.itemId }),
      body: () => ({ text: 'Injected' }),
      stranger: 404,
    },
  ],
  'PUT /api/projects/{boardId}/items/{itemId}/comments/{commentId}': [
    {
      params: (w) => ({ boardId: w.boardId, itemId: w.itemId, commentId: w.commentId }),
      body: () => ({ text: 'Taken over' }),
      stranger: 404,
      member: 403,
    },
  ],
  'DELETE /api/projects/{boardId}/items/{itemId}/comments/{commentId}': [
    {
      params: (w) => ({ boardId: w.boardId, itemId: w.itemId, commentId: w.commentId }),
      stranger: 404,
      member: 403,
    },
  ],
  'GET /api/projects/{boardId}/export': [{ params: (w) => ({ boardId: w.boardId }), stranger: 404 }],
  'POST /api/projects/import': [
    {
      body: () => ({
        format: 'cadence.board',
        version: 1,
        exportedAt: '2026-11-24T10:00:00.000Z',
        board: {
          name: 'Imported',
          description: '',
          tags: [],
          lists: [{ name: 'A', status: 'active', items: [] }],
        },
      }),
      stranger: own,
    },
  ],
  'GET /api/projects/{boardId}/items/{itemId}/activity': [
    { params: (w) => ({ boardId: w.boardId, itemId: w.itemId }), stranger: 404 },
  ],
  'GET /api/objectifs': [
    { stranger: own },
    { query: () => ({ filter: 'deleted', tag: 'high' }), stranger: own },
  ],
  'POST /api/objectifs': [{ body: () => goalInput(), stranger: own }],
  'GET /api/objectifs/{id}': [{ params: (w) => ({ id: w.goalId }), stranger: 404 }],
  'PUT /api/objectifs/{id}': [
    { params: (w) => ({ id: w.goalId }), body: () => ({ title: 'Taken over' }), stranger: 404 },
    { params: (w) => ({ id: w.goalId }), body: () => ({ isDeleted: true }), stranger: 404 },
  ],
  'DELETE /api/objectifs/{id}': [{ params: (w) => ({ id: w.goalId }), stranger: 404 }],
  'GET /api/todos': [
    { query: (w) => ({ user: w.stranger.id }), stranger: own },
    { query: (w) => ({ user: w.victim.id }), stranger: 403 },
    { query: (w) => ({ user: w.stranger.id, filter: 'deleted', tag: 'high', q: 'x' }), stranger: own },
  ],
  'GET /api/todos/summary': [{ stranger: own }],
  'POST /api/todos': [{ body: () => ({ title: 'My own task' }), stranger: own }],
  'GET /api/todos/{id}': [{ params: (w) => ({ id: w.taskId }), stranger: 404 }],
  'PUT /api/todos/{id}': [
    { params: (w) => ({ id: w.taskId }), body: () => ({ title: 'Taken over' }), stranger: 404, member: 403 },
    { params: (w) => ({ id: w.taskId }), body: () => ({ isCompleted: true }), stranger: 404 },
  ],
  'DELETE /api/todos/{id}': [{ params: (w) => ({ id: w.taskId }), stranger: 404, member: 403 }],
  'GET /api/calender/events': [
    { query: () => ({ start: '2026-11-01', end: '2027-01-01' }), stranger: own },
    { query: () => ({ start: '2026-12-01T00:00:00Z', end: '2026-12-08T00:00:00+01:00' }), stranger: own },
  ],
  'GET /api/calender/events/{id}': [{ params: (w) => ({ id: w.eventId }), stranger: 404 }],
  'POST /api/calender/add-event': [
    {
      body: () => ({ title: 'My own event', start: '2026-12-02T10:00:00Z', end: '2026-12-02T11:00:00Z' }),
      stranger: own,
    },
  ],
  'PUT /api/calender/modify-event/{id}': [
    { params: (w) => ({ id: w.eventId }), body: () => ({ title: 'Taken over' }), stranger: 404, member: 403 },
    {
      params: (w) => ({ id: w.eventId }),
      body: () => ({ start: '2026-12-03T10:00:00Z', end: '2026-12-03T11:00:00Z' }),
      stranger: 404,
      member: 403,
    },
  ],
  'DELETE /api/calender/{id}': [{ params: (w) => ({ id: w.eventId }), stranger: 404, member: 403 }],
  'GET /api/calender/feed': [{ stranger: own }],
  'POST /api/calender/feed': [{ stranger: own }],
  'DELETE /api/calender/feed': [{ stranger: own }],
  'GET /api/account/app-passwords': [{ stranger: own }],
  'POST /api/account/app-passwords': [{ body: () => ({ name: 'Phone' }), stranger: own }],
  'DELETE /api/account/app-passwords/{id}': [{ params: (w) => ({ id: w.appPasswordId }), stranger: 404 }],
  // Everyone has the three collections: a stranger's call names their own.
  'GET /api/account/calendars': [{ stranger: own }],
  'PUT /api/account/calendars/{collection}': [
    {
      params: () => ({ collection: 'events' }),
      body: () => ({ name: 'Mine', color: '#123456' }),
      stranger: own,
    },
  ],
  'POST /api/calender/import': [{ stranger: own }],
  'GET /api/working-hours': [{ stranger: own }],
  'PUT /api/working-hours': [
    { body: () => ({ data: [{ day: 'monday', from: '10:00', to: '12:00' }] }), stranger: own },
  ],
  'POST /api/meetings/available-times': [
    { body: () => ({ startDate: '2027-01-11', endDate: '2027-01-12', duration: 30 }), stranger: own },
    {
      body: (w) => ({ startDate: '2027-01-11', endDate: '2027-01-12', duration: 30, meetingId: w.meetingId }),
      stranger: 404,
    },
  ],
  'GET /api/meetings': [{ stranger: own }, { query: () => ({ state: 'archived' }), stranger: own }],
  'POST /api/meetings': [
    {
      body: () => ({ name: 'My own meeting', duration: 30, startDate: '2027-01-11', endDate: '2027-01-12' }),
      stranger: own,
    },
  ],
  'GET /api/booking-types': [{ stranger: own }],
  'POST /api/booking-types': [
    {
      body: () => ({
        slug: `intro-${Math.random().toString(36).slice(2, 10)}`,
        title: 'Intro',
        duration: 30,
      }),
      stranger: own,
    },
  ],
  'PUT /api/booking-types/{id}': [
    {
      params: (w) => ({ id: w.bookingTypeId }),
      body: (w) => ({ slug: w.bookingSlug, title: `Intro ${SECRET_MARK}`, duration: 30 }),
      stranger: 404,
    },
  ],
  'DELETE /api/booking-types/{id}': [{ params: (w) => ({ id: w.bookingTypeId }), stranger: 404 }],
  'GET /api/bookings': [{ query: () => ({ when: 'upcoming' }), stranger: own }],
  'POST /api/bookings/{id}/host-cancel': [
    { params: (w) => ({ id: w.bookingId }), body: () => ({ reason: 'No' }), stranger: 404 },
  ],
  'GET /api/meetings/invitations': [
    { stranger: own },
    { query: () => ({ status: 'pending' }), stranger: own },
  ],
  'GET /api/meetings/{id}': [{ params: (w) => ({ id: w.meetingId }), stranger: 404 }],
  'PUT /api/meetings/{id}': [
    {
      params: (w) => ({ id: w.meetingId }),
      body: () => ({ name: 'Taken over' }),
      stranger: 404,
      member: 403,
    },
    { params: (w) => ({ id: w.meetingId }), body: () => ({ state: 'archived' }), stranger: 404, member: 403 },
  ],
  'DELETE /api/meetings/{id}': [{ params: (w) => ({ id: w.meetingId }), stranger: 404, member: 403 }],
  'PUT /api/meetings/{id}/invitation': [
    { params: (w) => ({ id: w.meetingId }), body: () => ({ status: 'accepted' }), stranger: 404 },
  ],
  'GET /api/billing': [{ stranger: own }],
  'GET /api/dashboard': [{ stranger: own }],
  'POST /api/billing/requests': [{ body: () => ({ plan: 'teams', users: 5 }), stranger: own }],
  'POST /api/billing/checkout': [{ body: () => ({ plan: 'teams', users: 5 }), stranger: own }],
  'GET /api/notifications': [{ stranger: own }],
  'PUT /api/notifications/{id}': [
    { params: (w) => ({ id: w.notificationId }), body: () => ({ isRead: true }), stranger: 404 },
  ],
  'POST /api/notifications/read-all': [{ stranger: own }],
  'GET /api/live': [
    {
      stranger: own,
      stream: 'live.test.ts reads the streams: each user gets only the events of what they may see',
    },
  ],
  'GET /api/chats': [{ stranger: own }],
  'POST /api/chats': [
    { body: (w) => ({ friend: w.member.id }), stranger: own },
    { body: (w) => ({ group: w.groupId }), stranger: 404 },
  ],
  'GET /api/chats/{id}/messages': [
    { params: (w) => ({ id: w.chatId }), stranger: 404 },
    { params: (w) => ({ id: w.chatId }), query: (w) => ({ before: w.chatMessageId }), stranger: 404 },
  ],
  'POST /api/chats/{id}/messages': [
    { params: (w) => ({ id: w.chatId }), body: () => ({ message: 'Injected' }), stranger: 404 },
  ],
};

/** Operations anyone may call, each with the reason. */
export const publicOperations: Record<string, string> = {
  'GET /api/health': 'liveness for load balancers; says nothing about data',
  'POST /api/jwt/login': 'signs in',
  'POST /api/jwt/register': 'creates an account',
  'POST /api/jwt/refresh-token': 'authenticated by the refresh token in the body',
  'POST /api/jwt/logout': 'authenticated by the refresh token in the body (decisions.md §9)',
  'POST /api/jwt/forgot-password': 'the user has lost their password',
  'POST /api/jwt/reset-password': 'authenticated by the token from the e-mail',
  'POST /api/jwt/unlock':
    'authenticated by the token of the unlock link mailed to an account under attack (decisions.md §61)',
  'GET /api/avatars/{id}': '<img> cannot send a token; versioned addresses (decisions.md §20)',
  'GET /api/pricing': 'the prices are public: the pricing page shows them before signing up',
  'POST /api/billing/webhook':
    'called by the payment provider: authenticated by the provider’s signature over the body (D36)',
  'GET /api/faq': 'public help, the same for everyone (D35)',
  'GET /api/kb': 'public help, the same for everyone (D35)',
  'GET /api/kb/{category}': 'public help, the same for everyone (D35)',
  'GET /api/kb/{category}/{slug}': 'public help, the same for everyone (D35)',
  'GET /api/calender/feed/{token}.ics':
    'calendar apps cannot send a token: the 256-bit secret in the address is the key, stored hashed, revocable',
  'GET /api/meeting-answers/{token}':
    'an invitation mail’s Accept and Decline links: the token is signed for one invitee of one meeting, for answering alone, until it ends (D42)',
  'POST /api/meeting-answers/{token}':
    'answers through that link without signing in; the same token, the same limits (D42)',
  'GET /api/book/{username}/{slug}':
    'a booking link’s free times (D44): public by design, start times only, limited per address',
  'POST /api/book/{username}/{slug}':
    'books one of those times (D44): the visitor has no account; limited per address, honeypot',
  'GET /api/bookings/{token}':
    'the visitor’s manage link (D44): the 256-bit token mailed to them is the key, stored hashed',
  'POST /api/bookings/{token}/cancel': 'cancels through that link (D44); the same token, the same limits',
  'POST /api/bookings/{token}/reschedule': 'moves the booking through that link (D44); the same token',
};

/** Valid bodies for the open operations that take one (the refresh token is the victim's). */
export const publicBodies: Record<string, (w: World) => unknown> = {
  'POST /api/jwt/login': () => ({ email: 'someone@example.com', password: 'a password' }),
  'POST /api/jwt/register': () => newAccount(),
  'POST /api/jwt/refresh-token': (w) => ({ refreshToken: w.victim.refreshToken }),
  'POST /api/jwt/logout': (w) => ({ refreshToken: w.victim.refreshToken }),
  'POST /api/jwt/forgot-password': () => ({ email: 'someone@example.com' }),
  'POST /api/jwt/reset-password': () => ({ token: 'a-token', password: 'a new password' }),
  'POST /api/jwt/unlock': () => ({ token: 'a-token' }),
  'POST /api/meeting-answers/{token}': () => ({ status: 'accepted' }),
  'POST /api/book/{username}/{slug}': (w) => ({
    start: `${w.bookingDay}T15:00:00.000Z`,
    name: 'Outsider',
    email: 'outsider@example.com',
    timeZone: 'UTC',
  }),
  'POST /api/bookings/{token}/cancel': () => ({ reason: 'No longer needed' }),
  'POST /api/bookings/{token}/reschedule': (w) => ({ start: `${w.bookingDay}T15:30:00.000Z` }),
};

/** How to aim the open operations that name a resource in their path. */
export const publicCalls: Record<string, Call> = {
  'GET /api/avatars/{id}': { params: (w) => ({ id: w.victim.id }), stranger: own },
  'GET /api/calender/feed/{token}.ics': { params: (w) => ({ token: w.feedToken }), stranger: own },
  'GET /api/meeting-answers/{token}': { params: (w) => ({ token: w.answerToken }), stranger: own },
  'POST /api/meeting-answers/{token}': { params: (w) => ({ token: w.answerToken }), stranger: own },
  'GET /api/book/{username}/{slug}': {
    params: (w) => ({ username: w.victim.username, slug: w.bookingSlug }),
    query: (w) => ({ start: w.bookingDay, end: w.bookingDay, timeZone: 'UTC' }),
    stranger: own,
  },
  'POST /api/book/{username}/{slug}': {
    params: (w) => ({ username: w.victim.username, slug: w.bookingSlug }),
    stranger: own,
  },
  'GET /api/bookings/{token}': { params: (w) => ({ token: w.bookingToken }), stranger: own },
  'POST /api/bookings/{token}/cancel': { params: (w) => ({ token: w.bookingToken }), stranger: own },
  'POST /api/bookings/{token}/reschedule': { params: (w) => ({ token: w.bookingToken }), stranger: own },
  'GET /api/kb/{category}': { params: () => ({ category: 'boards' }), stranger: own },
  'GET /api/kb/{category}/{slug}': {
    params: () => ({ category: 'boards', slug: 'create-a-board' }),
    stranger: own,
  },
};

export interface DocumentedOperation {
  key: string;
  method: Method;
  path: string;
  secured: boolean;
  operation: OpenApiOperation;
}

export interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  maxItems?: number;
  enum?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** Every operation of the document the app serves. */
export async function documentedOperations(
  t: TestApp,
): Promise<{ doc: OpenApiDocument; all: DocumentedOperation[] }> {
  const doc = (await t.app.inject('/api/openapi.json')).json<OpenApiDocument>();
  const all = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as Method,
      path,
      secured: (operation.security ?? []).length > 0,
      operation,
    })),
  );
  return { doc, all };
}

/** The victim, a member of the victim's board and group, a stranger, and the victim's resources. */
export async function buildWorld(t: TestApp): Promise<World> {
  // The first account operates the instance (D7); it only deactivates an account, so nobody below is operator.
  const operator = await buildUser(t);
  const deactivated = await buildUser(t);
  await ok(t, 'PUT', `/api/users/${deactivated.id}`, operator.token, { active: false });
  const victim = await buildUser(t);
  const member = await buildUser(t);
  const stranger = await buildUser(t);
  const bystander = await buildUser(t);
  await befriend(t, victim, member);
  const group = await buildGroup(t, victim, { name: `Group ${SECRET_MARK}`, members: [member] });
  const tag = await ok<{ _id: string }>(
    t,
    'POST',
    '/api/tags',
    victim.token,
    { name: SECRET_MARK, color: '#abcdef' },
    201,
  );
  const { board, lists, items } = await buildBoard(t, victim, {
    name: `Board ${SECRET_MARK}`,
    members: [member],
    layout: { [`Doing ${SECRET_MARK}`]: [`Card ${SECRET_MARK}`], Done: [] },
  });
  const list = Object.values(lists)[0]!;
  const item = Object.values(items)[0]!;
  const todo = await ok<{ _id: string }>(
    t,
    'POST',
    `/api/projects/${board._id}/lists/${list._id}/items/${item._id}/todo`,
    victim.token,
    { text: `Todo ${SECRET_MARK}` },
    201,
  );
  const comment = await ok<{ _id: string }>(
    t,
    'POST',
    `/api/projects/${board._id}/items/${item._id}/comments`,
    victim.token,
    { text: `Comment ${SECRET_MARK}` },
    201,
  );
  const goal = await buildGoal(t, victim, { title: `Goal ${SECRET_MARK}`, tags: ['high', SECRET_MARK] });
  const task = await buildTask(t, victim, {
    title: `Task ${SECRET_MARK}`,
    assignee: [member.id],
    tags: [SECRET_MARK],
  });
  const event = await ok<{ _id: string }>(
    t,
    'POST',
    '/api/calender/add-event/',
    victim.token,
    {
      title: `Event ${SECRET_MARK}`,
      description: SECRET_MARK,
      start: '2026-12-01T09:00:00Z',
      end: '2026-12-01T10:00:00Z',
      recurrence: 'FREQ=WEEKLY',
      guests: [member.id],
    },
    201,
  );
  const meeting = await ok<{ _id: string }>(
    t,
    'POST',
    '/api/meetings',
    victim.token,
    {
      name: `Meeting ${SECRET_MARK}`,
      description: SECRET_MARK,
      duration: 30,
      startDate: '2027-01-11',
      endDate: '2027-01-15',
      time: '2027-01-13T11:00:00Z',
      invitees: [member.id],
    },
    201,
  );
  // Reminders fire on the clock, not through a call: the victim's notification is written as the
  // scheduler writes one.
  const [notificationId] = await notify(t.database.db, [
    {
      userId: Number(victim.id),
      kind: 'event',
      sourceId: Number(event._id),
      title: `Event ${SECRET_MARK}`,
      at: '2026-12-01T09:00:00.000Z',
      mailed: true,
    },
  ]);
  const invitation = await t.database.db
    .selectFrom('mail_outbox')
    .select('body')
    .where('to_address', '=', member.email)
    .where('body', 'like', '%/meeting-answer/%')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const feed = await ok<{ url: string }>(t, 'POST', '/api/calender/feed', victim.token, undefined, 201);
  const request = await sendFriendRequest(t, victim, bystander);
  const appPassword = await ok<{ _id: string }>(
    t,
    'POST',
    '/api/account/app-passwords',
    victim.token,
    { name: `Phone ${SECRET_MARK}` },
    201,
  );
  await ok(t, 'PUT', '/api/account/calendars/events', victim.token, { name: `Calendar ${SECRET_MARK}` });
  const chat = await ok<{ _id: string }>(t, 'POST', '/api/chats', victim.token, { friend: member.id }, 201);
  const chatMessage = await ok<{ _id: string }>(
    t,
    'POST',
    `/api/chats/${chat._id}/messages`,
    victim.token,
    { message: `Message ${SECRET_MARK}` },
    201,
  );
  // D44: the victim's booking link, and an outsider's booking through it, a Monday weeks ahead.
  const bookingSlug = 'victim-intro';
  const bookingType = await ok<{ _id: string }>(
    t,
    'POST',
    '/api/booking-types',
    victim.token,
    { slug: bookingSlug, title: `Intro ${SECRET_MARK}`, duration: 30, minNotice: 0, rangeDays: 365 },
    201,
  );
  const monday = new Date(Date.now() + 21 * 86_400_000);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const bookingDay = monday.toISOString().slice(0, 10);
  const { token: bookingToken } = await ok<{ token: string }>(
    t,
    'POST',
    `/api/book/${victim.username}/${bookingSlug}`,
    undefined,
    {
      start: `${bookingDay}T14:00:00.000Z`,
      name: 'Outsider',
      email: 'outsider@example.com',
      timeZone: 'UTC',
    },
    201,
  );
  const bookings = await ok<{ data: Array<{ _id: string }> }>(t, 'GET', '/api/bookings', victim.token);
  return {
    bookingTypeId: bookingType._id,
    bookingSlug,
    bookingId: bookings.data[0]!._id,
    bookingToken,
    bookingDay,
    victim,
    member,
    stranger,
    groupId: group._id,
    tagId: tag._id,
    boardId: board._id,
    listId: list._id,
    otherListId: Object.values(lists)[1]!._id,
    itemId: item._id,
    todoId: todo._id,
    commentId: comment._id,
    goalId: goal._id,
    taskId: task._id,
    eventId: event._id,
    meetingId: meeting._id,
    notificationId: String(notificationId),
    answerToken: /\/meeting-answer\/([^?\s]+)\?status=/.exec(invitation.body)![1]!,
    feedToken: /feed\/([^/]+)\.ics$/.exec(feed.url)![1]!,
    requestId: request._id,
    appPasswordId: appPassword._id,
    deactivatedToken: deactivated.token,
    chatId: chat._id,
    chatMessageId: chatMessage._id,
  };
}

/** The operation's address with the world's ids in its path and query. */
export function urlOf(world: World, key: string, operation: Call): { method: Method; url: string } {
  const [method, template] = key.split(' ') as [Method, string];
  const params = operation.params?.(world) ?? {};
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: the matrix gives no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(operation.query?.(world) ?? {}).toString();
  return { method, url: query ? `${path}?${query}` : path };
}
