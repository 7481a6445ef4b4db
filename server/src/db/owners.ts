/**
 * Which code writes each table: a module (its folder under `modules/`), or a file of `lib/` for the
 * tables that serve every module (the versions of lists, the CalDAV change log, the mail outbox).
 * Any other module that needs a change there asks the owner through a function it exports. The
 * `users` row is the one table written by several modules, each its own columns (auth: credentials
 * and sign-in state; account: profile and settings; users: role and active; availability: working
 * hours; chat: last seen). The seed, the migrations and the backup's restore write every table.
 * `db/owners.test.ts` reads every insertInto, updateTable and deleteFrom of `server/src` and fails
 * on a write from anywhere else.
 */
import type { Database } from './schema';

export const tableOwners = {
  account_unlocks: 'auth',
  app_password_failures: 'auth',
  app_passwords: 'auth',
  avatars: 'account',
  billing_requests: 'billing',
  board_items: 'projects',
  board_lists: 'projects',
  board_members: 'projects',
  boards: 'projects',
  booking_hosts: 'booking',
  booking_types: 'booking',
  bookings: 'booking',
  calendar_entries: 'calendar',
  calendar_feeds: 'calendar',
  chat_messages: 'chat',
  chat_reads: 'chat',
  chats: 'chat',
  dav_changes: 'lib/list-versions.ts',
  dav_collections: 'dav',
  event_exceptions: 'calendar',
  event_guests: 'calendar',
  events: 'calendar',
  friend_requests: 'friends',
  friendships: 'friends',
  goal_sub_objectives: 'goals',
  goal_tags: 'goals',
  goal_tasks: 'goals',
  goals: 'goals',
  group_members: 'groups',
  groups: 'groups',
  item_activity: 'projects',
  item_comments: 'projects',
  item_members: 'projects',
  item_tags: 'projects',
  item_todos: 'projects',
  list_versions: 'lib/list-versions.ts',
  login_failures: 'auth',
  mail_outbox: 'lib/outbox.ts',
  meeting_invitations: 'meetings',
  meetings: 'meetings',
  notifications: 'notifications',
  password_resets: 'auth',
  refresh_tokens: 'auth',
  reminders: 'notifications',
  tags: 'tags',
  todo_assignees: 'todos',
  todo_tags: 'todos',
  todos: 'todos',
  users: ['auth', 'account', 'users', 'availability', 'chat'],
} as const satisfies Record<keyof Database, string | readonly string[]>;
