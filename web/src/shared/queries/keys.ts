/**
 * Every TanStack Query key of the web app, and the mutation keys that name changes in flight: the
 * query modules, the mutations' invalidations and the live stream (`lib/live-connection.ts`) take
 * their keys from here, so what a change or a live event makes stale is written once. A key starts
 * with its area, and a shorter key is a prefix covering every read under it (`chatKeys.all`: the
 * list and every conversation).
 *
 * The `projects` and `goals` keys are kept in browser storage (`lib/persisted-queries.ts`): a new
 * shape for one of them drops the copies users hold. Types only from the contract: the layouts'
 * menu loads this.
 */
import type { AvailableTimesInput, Currency, InvitationStatus, MeetingState } from '@cadence/contract';
import type { QueryKey } from '@tanstack/react-query';

export const currentUserKey = ['current-user'] as const;
export const accountKey = ['account'] as const;
export const workingHoursKey = ['working-hours'] as const;
export const notificationsKey = ['notifications'] as const;
export const tagsKey = ['tags'] as const;
export const calendarFeedKey = ['calendar-feed'] as const;
export const appPasswordsKey = ['app-passwords'] as const;
export const deviceCalendarsKey = ['device-calendars'] as const;

export const pricingKey = (currency: Currency) => ['pricing', currency] as const;
/** The meeting answered through a link (no sign-in), by its token. */
export const meetingAnswerKey = (token: string) => ['meeting-answer', token] as const;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  mine: (userId: string) => ['dashboard', userId] as const,
};

/** Every billing read: a new request refreshes them all. */
export const billingKeys = {
  all: ['billing'] as const,
  mine: (userId: string) => ['billing', userId] as const,
};

export const friendKeys = {
  all: ['friends'] as const,
  list: ['friends', 'list'] as const,
  requests: ['friends', 'requests'] as const,
};

/** Ending a friendship also changes groups (D13): whoever ends one invalidates these too. */
export const groupKeys = {
  all: ['groups'] as const,
  list: ['groups', 'list'] as const,
};

export const chatKeys = {
  all: ['chats'] as const,
  list: ['chats', 'list'] as const,
  messages: (chatId: string) => ['chats', 'messages', chatId] as const,
};

export const userKeys = {
  all: ['users'] as const,
  page: (q: string, page: number) => ['users', { q, page }] as const,
  one: (id: string) => ['users', id] as const,
  directory: (q: string, page: number) => ['users', 'directory', { q, page }] as const,
};

/** Every to-dos read, the menu's summary too: one invalidation refreshes them all. */
export const todoKeys = {
  all: ['todos'] as const,
  list: (userId: string, params: TodoListKey) => ['todos', userId, 'list', params] as const,
  summary: (userId: string) => ['todos', userId, 'summary'] as const,
  /** Mutation key: completing or starring a row, in flight. */
  flags: ['todos', 'flags'] as const,
};

export interface TodoListKey {
  filter: string | null;
  tag: string | null;
  q: string | null;
  sortBy: string;
  page: number;
}

export const goalKeys = {
  all: ['goals'] as const,
  list: (userId: string, params: GoalListKey) => ['goals', userId, 'list', params] as const,
  /** What a goals list key was asked for, if `key` is one. */
  listOf: (key: QueryKey): GoalListKey | undefined =>
    key[0] === 'goals' && key[2] === 'list' ? (key[3] as GoalListKey) : undefined,
  /** Mutation key: ticking a task, in flight. */
  task: ['goals', 'task'] as const,
};

export interface GoalListKey {
  filter: string | null;
  tag: string | null;
  q: string | null;
}

export const projectKeys = {
  all: ['projects'] as const,
  lists: ['projects', 'list'] as const,
  list: (userId: string) => ['projects', 'list', userId] as const,
  board: (boardId: string) => ['projects', 'board', boardId] as const,
  /** Mutation key: the board page's own changes in flight (the live stream waits for their read). */
  boardChange: (boardId: string) => ['projects', 'board', boardId, 'change'] as const,
  /** A card's own reads (its comments, its history) live under its board's key. */
  card: (boardId: string, itemId: string) => ['projects', 'board', boardId, 'item', itemId] as const,
  comments: (boardId: string, itemId: string) =>
    ['projects', 'board', boardId, 'item', itemId, 'comments'] as const,
  activity: (boardId: string, itemId: string) =>
    ['projects', 'board', boardId, 'item', itemId, 'activity'] as const,
  /** The board whose key (or whose card's key) `key` is, if it is one. */
  boardOf: (key: QueryKey): string | undefined =>
    key[0] === 'projects' && key[1] === 'board' && typeof key[2] === 'string' ? key[2] : undefined,
};

/** Every meetings read (lists, one meeting, invitations, available times). */
export const meetingKeys = {
  all: ['meetings'] as const,
  list: (state: MeetingState) => ['meetings', 'list', state] as const,
  one: (id: string) => ['meetings', 'one', id] as const,
  invitations: (status: InvitationStatus | 'all') => ['meetings', 'invitations', status] as const,
  /** Every available-times search: a time taken meanwhile reads them again. */
  times: ['meetings', 'times'] as const,
  availableTimes: (input: AvailableTimesInput) => ['meetings', 'times', input] as const,
};

/** The booking pages (D44): my booking types, and the bookings made with me by list. */
export const bookingKeys = {
  all: ['booking'] as const,
  types: ['booking', 'types'] as const,
  /** Every list of my bookings: a new booking or a cancellation reads them all again. */
  bookings: ['booking', 'bookings'] as const,
  list: (when: 'upcoming' | 'past' | 'cancelled') => ['booking', 'bookings', when] as const,
};

/** The public booking pages (no sign-in, D44): a link's free times, and a booking by its token. */
export const publicBookingKeys = {
  all: ['public-booking'] as const,
  times: (username: string, slug: string, range: { start: string; end: string; timeZone: string }) =>
    ['public-booking', 'times', username, slug, range] as const,
  booking: (token: string) => ['public-booking', 'booking', token] as const,
};

/** Every calendar read: meetings with a chosen time show there too. */
export const calendarKeys = {
  all: ['calendar'] as const,
  events: (userId: string, range: { start: string; end: string }) =>
    ['calendar', userId, 'events', range] as const,
};

/** The help centre's reads carry the language and the words. */
export const helpKeys = {
  faq: (lang: string, q: string) => ['help', 'faq', lang, q] as const,
  kb: (lang: string, q: string) => ['help', 'kb', lang, q] as const,
  kbCategory: (lang: string, category: string) => ['help', 'kb', lang, 'category', category] as const,
  kbArticle: (lang: string, category: string, slug: string) =>
    ['help', 'kb', lang, 'article', category, slug] as const,
};
