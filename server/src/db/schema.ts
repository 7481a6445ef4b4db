/** Table types for Kysely. Timestamps travel as ISO 8601 UTC strings on both engines. */
import type { ColumnType, Generated } from 'kysely';
import type { NotificationKind } from '@cadence/contract';

export type Timestamp = string;
/** SQLite hands booleans back as 0/1: read them through `bool()` from ./dialect. */
export type DbBool = ColumnType<boolean | number, boolean, boolean>;
/** A boolean column with a default: optional on insert. */
export type DbBoolDefaulted = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  full_name: string;
  password_hash: string;
  role: string;
  avatar: string | null;
  active: ColumnType<boolean | number, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  company: Generated<string>;
  bio: Generated<string>;
  /** YYYY-MM-DD or ''. */
  dob: Generated<string>;
  country: Generated<string>;
  website: Generated<string>;
  phone: Generated<string>;
  city: Generated<string>;
  address: Generated<string>;
  gender: Generated<string>;
  social_twitter: Generated<string>;
  social_facebook: Generated<string>;
  social_instagram: Generated<string>;
  social_linkedin: Generated<string>;
  social_github: Generated<string>;
  notify_comment_on_article: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_answer_on_form: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_follow_me: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_new_announcements: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_product_updates: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_blog_digest: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_event_reminders: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_task_reminders: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** D45: e-mail for each kind of notice about shared work (0020); the bell shows them all. */
  notify_invitations: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_schedule_changes: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_meeting_answers: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_todo_assigned: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_todo_completed: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_board_shared: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_card_comments: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_card_due: ColumnType<boolean | number, boolean | undefined, boolean>;
  notify_card_members: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** D44/D45's e-mail switch for bookings (0022) */
  notify_bookings: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** JSON `[{day, from, to}]` in the user's zone; null: D22's default */
  working_hours: ColumnType<string | null, string | null | undefined, string | null>;
  time_zone: Generated<string>;
  language: Generated<string>;
  /** When the user's last live stream closed; null: never connected */
  last_seen_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AvatarsTable {
  user_id: number;
  content: Buffer;
  mime_type: string;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: Timestamp;
}

/** One wrong app-password secret (hashed) for a login from an address (decisions §61). */
export interface AppPasswordFailuresTable {
  id: Generated<number>;
  /** The account's e-mail, or the login as typed when no account has it. */
  email: string;
  ip: string;
  secret_hash: string;
  created_at: Timestamp;
}

/** A one-time link that clears an account's failed logins (decisions §61), stored hashed. */
export interface AccountUnlocksTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface TagsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  color: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FriendRequestsTable {
  id: Generated<number>;
  from_user_id: number;
  to_user_id: number;
  created_at: Timestamp;
}

/** Two rows per friendship, one each way. */
export interface FriendshipsTable {
  user_id: number;
  friend_id: number;
  created_at: Timestamp;
}

export interface GroupsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
}

export interface BoardsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string;
  status: string;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BoardMembersTable {
  board_id: number;
  user_id: number;
}

export interface BoardListsTable {
  id: Generated<number>;
  board_id: number;
  name: string;
  status: string;
  header_color: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BoardItemsTable {
  id: Generated<number>;
  board_id: number;
  list_id: number;
  name: string;
  description: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  due_at: Timestamp | null;
  due_complete: DbBoolDefaulted;
  archived: DbBoolDefaulted;
}

export interface ItemTagsTable {
  item_id: number;
  board_id: number;
  position: number;
  built_in: string | null;
  tag_id: number | null;
}

export interface ItemMembersTable {
  item_id: number;
  board_id: number;
  user_id: number;
}

export interface ItemCommentsTable {
  id: Generated<number>;
  board_id: number;
  item_id: number;
  author_id: number;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ItemActivityTable {
  id: Generated<number>;
  board_id: number;
  item_id: number;
  actor_id: number;
  kind: string;
  /** JSON text. */
  detail: string;
  created_at: Timestamp;
}

export interface ItemTodosTable {
  id: Generated<number>;
  board_id: number;
  item_id: number;
  text: string;
  done: DbBool;
  created_at: Timestamp;
}

/** A number per user and list (`goals`, …) that every write to the list bumps; caches key on it. */
/** A client's secret for CalDAV over HTTP Basic (0021): its SHA-256 only. */
export interface AppPasswordsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  secret_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** A resource's last change in a user's list, at that list's version (0021); source_id 0: unknown ones. */
export interface DavChangesTable {
  user_id: number;
  list: 'calendar' | 'todos';
  source_id: number;
  name: string;
  version: number;
}

export interface ListVersionsTable {
  user_id: number;
  list: string;
  version: number;
}

export interface GoalsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string;
  timeline: string;
  time: string;
  dedicated_hours: number;
  is_done: DbBool;
  is_progress: DbBool;
  is_deleted: DbBool;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GoalSubObjectivesTable {
  id: Generated<number>;
  goal_id: number;
  title: string;
  position: number;
}

export interface GoalTasksTable {
  id: Generated<number>;
  goal_id: number;
  sub_objective_id: number;
  text: string;
  done: DbBool;
  percentage: number;
  position: number;
}

/** A built-in tag by name, or one of the user's own by id: exactly one of the two. */
export interface GoalTagsTable {
  goal_id: number;
  position: number;
  built_in: string | null;
  tag_id: number | null;
}

export interface TodosTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string;
  /** YYYY-MM-DD or null */
  due_date: string | null;
  is_important: DbBool;
  is_completed: DbBool;
  is_deleted: DbBool;
  repeat_every: number | null;
  repeat_unit: string | null;
  deleted_at: Timestamp | null;
  /** When it was completed; null while open (0013). */
  completed_at: Timestamp | null;
  /** The VTODO's UID as a CalDAV client wrote it; null: ours (`todo-<id>@cadence`) (0021) */
  uid: ColumnType<string | null, string | null | undefined, string | null>;
  /** The resource name a CalDAV client chose; null: `<id>.ics` (0021) */
  dav_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The app's fields as dav_text gave them (JSON), to merge the app's later changes (0023) */
  dav_fields: ColumnType<string | null, string | null | undefined, string | null>;
  /** A repetition the app cannot draw, as a CalDAV client wrote it (RRULE value); repeat_* are null then (0023) */
  repeat_rule: ColumnType<string | null, string | null | undefined, string | null>;
  /** The VTODO as its CalDAV client wrote it, with the app's later changes merged in; null: made in the app (0023) */
  dav_text: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TodoAssigneesTable {
  todo_id: number;
  user_id: number;
}

export interface TodoTagsTable {
  todo_id: number;
  position: number;
  built_in: string | null;
  tag_id: number | null;
}

/** One occurrence of a series changed, cancelled or added (D39, D40), by its original start. */
export interface EventExceptionsTable {
  event_id: number;
  /** The occurrence's original start (RECURRENCE-ID); an addition's own start */
  occurrence_at: Timestamp;
  kind: 'override' | 'exclusion' | 'addition';
  /** An override's and an addition's fields; null for an exclusion */
  title: string | null;
  description: string | null;
  url: string | null;
  location: string | null;
  category: string | null;
  all_day: DbBool | null;
  start_at: Timestamp | null;
  end_at: Timestamp | null;
  reminder: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EventsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string;
  url: string;
  location: string;
  category: string;
  all_day: DbBool;
  /** The first occurrence's start and end */
  start_at: Timestamp;
  end_at: Timestamp;
  /** The owner's IANA time zone when the event was last written: a repetition keeps its local time there */
  time_zone: string;
  /** An RFC 5545 RRULE value, or null */
  recurrence: string | null;
  /** Minutes before each start, or null */
  reminder: number | null;
  /** The iCalendar UID, kept across the feed and imports */
  uid: string;
  /** No occurrence starts after this (a rule with COUNT: its last start); null: a rule without end */
  last_start_at: Timestamp | null;
  /** The iCalendar SEQUENCE: an import's, bumped on each change of time */
  sequence: Generated<number>;
  /** The resource name over CalDAV: a client's, or ours (`<uuid>.ics`; `<id>.ics` before 0023) */
  dav_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The VEVENTs as their CalDAV client wrote them, with the app's later changes merged in; null: made in the app (0023) */
  dav_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** The app's fields as dav_text gave them (JSON), to merge the app's later changes (0023) */
  dav_fields: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DavCollectionsTable {
  user_id: number;
  collection: 'events' | 'shared' | 'tasks';
  display_name: string | null;
  color: string | null;
  updated_at: Timestamp;
}

export interface EventGuestsTable {
  event_id: number;
  user_id: number;
}

/** A user's calendar: their events, the events they are a guest of, their meetings. */
export interface CalendarEntriesTable {
  user_id: number;
  kind: 'event' | 'meeting';
  source_id: number;
  /** Repeating, or longer than a week: read whole rather than by a start range */
  is_long: DbBool;
  start_at: Timestamp;
  /** The last occurrence's end (far in the future for a rule without end) */
  end_at: Timestamp;
}

export interface MeetingsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string;
  /** Minutes */
  duration: number;
  /** The search range: whole days (YYYY-MM-DD) in time_zone, end included */
  start_date: string;
  end_date: string;
  link: string;
  /** The chosen start, or null */
  time: Timestamp | null;
  /** The grid of the search, in minutes */
  step: number;
  /** The organiser's zone when the meeting was last written */
  time_zone: string;
  state: 'active' | 'archived';
  completed: DbBool;
  /** The iCalendar UID of the invitations sent for it */
  uid: string;
  /** The iCalendar SEQUENCE: raised each time the time changes */
  sequence: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MeetingInvitationsTable {
  meeting_id: number;
  user_id: number;
  status: 'pending' | 'accepted' | 'refused';
  answered_at: Timestamp | null;
  created_at: Timestamp;
}

export interface BillingRequestsTable {
  id: Generated<number>;
  user_id: number;
  plan: 'basic' | 'professional' | 'standard' | 'teams';
  currency: 'EUR' | 'USD' | 'GBP';
  users: number;
  /** The bill when requested, in cents of the currency */
  amount_cents: number;
  status: 'requested' | 'paid';
  /** Once paid: the end of the period paid for */
  paid_until: Timestamp | null;
  created_at: Timestamp;
  /** Card payment: the provider's Checkout Session paying this request (D36); null for manual ones */
  checkout_session_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RemindersTable {
  id: Generated<number>;
  user_id: number;
  kind: 'event' | 'todo';
  source_id: number;
  fire_at: Timestamp;
  /** The start (or due morning) the next firing reminds of */
  occurrence_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** board-deleted: source_id is the deleted board's id, title its name */
  kind: NotificationKind;
  source_id: number;
  title: string;
  occurrence_at: Timestamp;
  /** Who did what it tells (the invitee who answered); null for reminders */
  actor_id: ColumnType<number | null, number | null | undefined, number | null>;
  is_read: DbBool;
  /** none: no mail wanted; pending: to send; sending: claimed by an instance; sent; failed */
  mail_state: 'none' | 'pending' | 'sending' | 'sent' | 'failed';
  created_at: Timestamp;
}

/** An e-mail to send (migration 0018): rendered in the transaction that causes it. */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  calendar_method: 'REQUEST' | 'CANCEL' | null;
  calendar_content: string | null;
  /** pending: to send at next_attempt_at; sending: claimed (claimed_at); sent; failed: given up */
  state: 'pending' | 'sending' | 'sent' | 'failed';
  /** 0 urgent (resets, unlock links, reminders), 1 normal, 2 bulk (notices): claimed in this order. */
  priority: ColumnType<number, number | undefined, number>;
  attempts: number;
  next_attempt_at: Timestamp;
  claimed_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
}

export interface ChatsTable {
  id: Generated<number>;
  /** A group's chat; null for a direct chat */
  group_id: number | null;
  /** A direct chat's two users, the smaller id first; null for a group's chat */
  user_a: number | null;
  user_b: number | null;
  created_at: Timestamp;
  last_message_at: Timestamp | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  sender_id: number;
  body: string;
  created_at: Timestamp;
}

export interface ChatReadsTable {
  chat_id: number;
  user_id: number;
  last_read_id: number;
}

export interface Database {
  mail_outbox: MailOutboxTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  chat_reads: ChatReadsTable;
  events: EventsTable;
  event_exceptions: EventExceptionsTable;
  event_guests: EventGuestsTable;
  calendar_entries: CalendarEntriesTable;
  meetings: MeetingsTable;
  meeting_invitations: MeetingInvitationsTable;
  billing_requests: BillingRequestsTable;
  reminders: RemindersTable;
  notifications: NotificationsTable;
  calendar_feeds: CalendarFeedsTable;
  todos: TodosTable;
  todo_assignees: TodoAssigneesTable;
  todo_tags: TodoTagsTable;
  list_versions: ListVersionsTable;
  app_passwords: AppPasswordsTable;
  dav_changes: DavChangesTable;
  dav_collections: DavCollectionsTable;
  booking_types: BookingTypesTable;
  bookings: BookingsTable;
  booking_hosts: BookingHostsTable;
  goals: GoalsTable;
  goal_sub_objectives: GoalSubObjectivesTable;
  goal_tasks: GoalTasksTable;
  goal_tags: GoalTagsTable;
  boards: BoardsTable;
  board_members: BoardMembersTable;
  board_lists: BoardListsTable;
  board_items: BoardItemsTable;
  item_todos: ItemTodosTable;
  item_tags: ItemTagsTable;
  item_members: ItemMembersTable;
  item_comments: ItemCommentsTable;
  item_activity: ItemActivityTable;
  friend_requests: FriendRequestsTable;
  friendships: FriendshipsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  users: UsersTable;
  avatars: AvatarsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  app_password_failures: AppPasswordFailuresTable;
  tags: TagsTable;
  account_unlocks: AccountUnlocksTable;
}

/** A user's booking link (D44, 0022). Minutes throughout. */
export interface BookingTypesTable {
  id: Generated<number>;
  owner_id: number;
  slug: string;
  title: string;
  description: string;
  duration: number;
  buffer_before: number;
  buffer_after: number;
  min_notice: number;
  max_per_day: number | null;
  range_days: number;
  location: string;
  mode: 'alone' | 'collective' | 'round-robin';
  /** The hosts' group, for collective and round-robin; null once the group is deleted */
  group_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A visitor's booking (D44, 0022). */
export interface BookingsTable {
  id: Generated<number>;
  /** The user whose link it was booked through */
  owner_id: number;
  type_id: number | null;
  title: string;
  location: string;
  /** SHA-256 (hex) of the manage link's token */
  token_hash: string;
  uid: string;
  sequence: number;
  start_at: Timestamp;
  end_at: Timestamp;
  status: 'confirmed' | 'cancelled';
  name: string;
  email: string;
  note: string;
  time_zone: string;
  language: string;
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BookingHostsTable {
  booking_id: number;
  user_id: number;
  /** The booking's event in this host's calendar; null once they deleted it there */
  event_id: number | null;
}
