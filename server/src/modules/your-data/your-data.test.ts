/**
 * "Your data" through HTTP on a rich account: the export holds every row of every
 * table that is the user's (the tables and their user columns are read from the database itself,
 * so a new table fails here until it is covered), a wrong password changes nothing, and after the
 * deletion no row of theirs is left, their friend's things are intact and no credential works.
 */
import {
  type Board,
  type BookingType,
  type ErrorBody,
  type HostBookingList,
  type ListItem,
  messages,
  type NotificationList,
  type PublicTimes,
  type Task,
  yourDataExport,
  type YourDataExport,
} from '@cadence/contract';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerInvitation,
  befriend,
  buildBoard,
  buildChat,
  buildComment,
  buildEvent,
  buildGoal,
  buildGroup,
  buildMeeting,
  buildTask,
  buildUser,
  call,
  expectError,
  login,
  multipartFile,
  ok,
  readBoard,
  refresh,
  sendFriendRequest,
  sendMessage,
  type TestUser,
} from '../../test/factories';
import { fingerprint, usePostgres, useTestApp } from '../../test/harness';

const t = useTestApp();

type Row = Record<string, unknown>;
const str = (value: unknown) => String(value);

/** A column that names a user: a foreign key to users.id, or a name that says so. */
const userColumnName =
  /^(user|owner|friend|from_user|to_user|organiser|organizer|author|sender|recipient|member)(_id)?$/;

/** Every table of the database with the columns that name a user (by id, or by e-mail outside `users`). */
async function userColumns(): Promise<Map<string, { ids: string[]; emails: string[] }>> {
  const { db } = t.database;
  const foreign = usePostgres
    ? (
        await sql<{ table_name: string; column_name: string; foreign_table: string }>`
          select kcu.table_name, kcu.column_name, ccu.table_name as foreign_table
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
          where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(db)
      ).rows
    : [];
  const result = new Map<string, { ids: string[]; emails: string[] }>();
  for (const table of await db.introspection.getTables()) {
    let keys = foreign.filter((fk) => fk.table_name === table.name);
    if (!usePostgres) {
      const rows = await sql<{
        table: string;
        from: string;
      }>`select * from pragma_foreign_key_list(${table.name})`.execute(db);
      keys = rows.rows.map((fk) => ({
        table_name: table.name,
        column_name: fk.from,
        foreign_table: fk.table,
      }));
    }
    const ids = new Set(keys.filter((fk) => fk.foreign_table === 'users').map((fk) => fk.column_name));
    for (const column of table.columns) if (userColumnName.test(column.name)) ids.add(column.name);
    if (table.name === 'users') ids.add('id');
    const emails =
      table.name === 'users' ? [] : table.columns.filter((c) => /email$/.test(c.name)).map((c) => c.name);
    result.set(table.name, { ids: [...ids].sort(), emails });
  }
  return result;
}

async function rowsOf(table: string): Promise<Row[]> {
  return (await sql<Row>`select * from ${sql.table(table)}`.execute(t.database.db)).rows;
}

/**
 * Each table holding rows of a user's: how a row is keyed, and the keys the export file shows for
 * them. `rows` picks the user's rows of a table without a user column (owned through a parent);
 * tables with one take the rows naming the user in any of them.
 */
interface Coverage {
  key: (row: Row) => string;
  exported: (file: YourDataExport) => string[];
  rows?: (userId: number) => Promise<Row[]>;
  /** Compare distinct keys (a friendship is two rows, one friend in the file). */
  distinct?: boolean;
  /** Rows of `rows` that are others' and stay when the user goes (default: none stays). */
  kept?: (row: Row) => boolean;
}

const ids = (list: { _id: string }[]) => list.map((entry) => entry._id);
const ownedBoards = (f: YourDataExport) => f.boards.owned;
const inIds = async (
  table: string,
  column: string,
  parentTable: string,
  parentOwner: string,
  userId: number,
) =>
  (
    await sql<Row>`select * from ${sql.table(table)} where ${sql.ref(column)} in (select id from ${sql.table(parentTable)} where ${sql.ref(parentOwner)} = ${userId})`.execute(
      t.database.db,
    )
  ).rows;

/** Rows of a board's table on the user's own boards, and those naming the user on anyone else's. */
const onBoardsOrNaming = async (table: string, column: string, userId: number) =>
  (
    await sql<Row>`select * from ${sql.table(table)}
      where board_id in (select id from boards where owner_id = ${userId}) or ${sql.ref(column)} = ${userId}`.execute(
      t.database.db,
    )
  ).rows;
const ownedItems = (f: YourDataExport) => ownedBoards(f).flatMap((b) => b.lists.flatMap((l) => l.items));

/** The bookings through the user's links and those they host. */
function bookingsOf(userId: number) {
  const { db } = t.database;
  return db
    .selectFrom('bookings')
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', userId),
        eb('id', 'in', db.selectFrom('booking_hosts').select('booking_id').where('user_id', '=', userId)),
      ]),
    );
}

/** The chats the user takes part in: direct ones naming them, and their groups' (owned or joined). */
function chatsOf(userId: number) {
  const { db } = t.database;
  const groups = db
    .selectFrom('groups')
    .select('id')
    .where('owner_id', '=', userId)
    .union(db.selectFrom('group_members').select('group_id as id').where('user_id', '=', userId));
  return db
    .selectFrom('chats')
    .select('id')
    .where((eb) =>
      eb.or([eb('user_a', '=', userId), eb('user_b', '=', userId), eb('group_id', 'in', groups)]),
    );
}

const coverage: Record<string, Coverage> = {
  users: { key: (r) => str(r.id), exported: (f) => [f.account._id] },
  avatars: { key: (r) => str(r.user_id), exported: (f) => (f.account.picture ? [f.account._id] : []) },
  calendar_feeds: {
    key: (r) => str(r.user_id),
    exported: (f) => (f.account.calendarFeed ? [f.account._id] : []),
  },
  refresh_tokens: {
    key: (r) => `${str(r.created_at)}|${str(r.expires_at)}`,
    exported: (f) => f.security.sessions.map((s) => `${s.createdAt}|${s.expiresAt}`),
  },
  password_resets: {
    key: (r) => `${str(r.created_at)}|${str(r.expires_at)}`,
    exported: (f) => f.security.passwordResets.map((s) => `${s.createdAt}|${s.expiresAt}`),
  },
  login_failures: {
    key: (r) => str(r.created_at),
    exported: (f) => f.security.failedSignIns.map((s) => s.at),
  },
  app_password_failures: {
    key: (r) => str(r.created_at),
    exported: (f) => f.security.failedAppPasswordSignIns.map((s) => s.at),
  },
  app_passwords: {
    key: (r) => `${str(r.name)}|${str(r.created_at)}`,
    exported: (f) => f.security.appPasswords.map((a) => `${a.name}|${a.createdAt}`),
  },
  tags: { key: (r) => str(r.id), exported: (f) => ids(f.tags) },
  friend_requests: {
    key: (r) => str(r.id),
    exported: (f) => [...ids(f.friendRequests.sent), ...ids(f.friendRequests.received)],
  },
  friendships: {
    key: (r) => [str(r.user_id), str(r.friend_id)].sort().join('-'),
    exported: (f) => f.friends.map((friend) => [f.account._id, friend.user._id].sort().join('-')),
    distinct: true,
  },
  groups: { key: (r) => str(r.id), exported: (f) => ids(f.groups.owned) },
  group_members: {
    key: (r) => `${str(r.group_id)}:${str(r.user_id)}`,
    exported: (f) => [
      ...f.groups.owned.flatMap((g) => g.members.map((m) => `${g._id}:${m._id}`)),
      ...f.groups.memberOf.map((g) => `${g._id}:${f.account._id}`),
    ],
    rows: async (userId) => [
      ...(await inIds('group_members', 'group_id', 'groups', 'owner_id', userId)),
      ...(await t.database.db
        .selectFrom('group_members')
        .selectAll()
        .where('user_id', '=', userId)
        .execute()),
    ],
  },
  boards: { key: (r) => str(r.id), exported: (f) => ids(ownedBoards(f)) },
  board_members: {
    key: (r) => `${str(r.board_id)}:${str(r.user_id)}`,
    exported: (f) => [
      ...ownedBoards(f).flatMap((b) => b.members.map((m) => `${b._id}:${m._id}`)),
      ...f.boards.memberOf.map((b) => `${b._id}:${f.account._id}`),
    ],
    rows: async (userId) => [
      ...(await inIds('board_members', 'board_id', 'boards', 'owner_id', userId)),
      ...(await t.database.db
        .selectFrom('board_members')
        .selectAll()
        .where('user_id', '=', userId)
        .execute()),
    ],
  },
  board_lists: {
    key: (r) => str(r.id),
    exported: (f) => ownedBoards(f).flatMap((b) => ids(b.lists)),
    rows: (userId) => inIds('board_lists', 'board_id', 'boards', 'owner_id', userId),
  },
  board_items: {
    key: (r) => str(r.id),
    exported: (f) => ownedBoards(f).flatMap((b) => b.lists.flatMap((l) => ids(l.items))),
    rows: (userId) => inIds('board_items', 'board_id', 'boards', 'owner_id', userId),
  },
  item_todos: {
    key: (r) => str(r.id),
    exported: (f) =>
      ownedBoards(f).flatMap((b) => b.lists.flatMap((l) => l.items.flatMap((i) => ids(i.checklist)))),
    rows: (userId) => inIds('item_todos', 'board_id', 'boards', 'owner_id', userId),
  },
  item_tags: {
    key: (r) => `${str(r.item_id)}:${str(r.position)}`,
    exported: (f) => ownedItems(f).flatMap((i) => i.tags.map((tag) => `${i._id}:${tag.position}`)),
    rows: (userId) => inIds('item_tags', 'board_id', 'boards', 'owner_id', userId),
  },
  item_members: {
    key: (r) => `${str(r.item_id)}:${str(r.user_id)}`,
    exported: (f) => [
      ...ownedItems(f).flatMap((i) => i.members.map((m) => `${i._id}:${m._id}`)),
      ...f.boards.cardMemberships.map((c) => `${c.itemId}:${f.account._id}`),
    ],
    rows: (userId) => onBoardsOrNaming('item_members', 'user_id', userId),
  },
  item_comments: {
    key: (r) => str(r.id),
    exported: (f) => [...ownedItems(f).flatMap((i) => ids(i.comments)), ...ids(f.boards.comments)],
    rows: (userId) => onBoardsOrNaming('item_comments', 'author_id', userId),
  },
  item_activity: {
    key: (r) => str(r.id),
    exported: (f) => [...ownedItems(f).flatMap((i) => ids(i.activity)), ...ids(f.boards.activity)],
    rows: (userId) => onBoardsOrNaming('item_activity', 'actor_id', userId),
  },
  goals: { key: (r) => str(r.id), exported: (f) => ids(f.goals) },
  goal_sub_objectives: {
    key: (r) => str(r.id),
    exported: (f) => f.goals.flatMap((g) => ids(g.subGoals)),
    rows: (userId) => inIds('goal_sub_objectives', 'goal_id', 'goals', 'user_id', userId),
  },
  goal_tasks: {
    key: (r) => str(r.id),
    exported: (f) => f.goals.flatMap((g) => g.subGoals.flatMap((s) => ids(s.tasks))),
    rows: (userId) => inIds('goal_tasks', 'goal_id', 'goals', 'user_id', userId),
  },
  goal_tags: {
    key: (r) => `${str(r.goal_id)}:${str(r.position)}`,
    exported: (f) => f.goals.flatMap((g) => g.tags.map((tag) => `${g._id}:${tag.position}`)),
    rows: (userId) => inIds('goal_tags', 'goal_id', 'goals', 'user_id', userId),
  },
  todos: { key: (r) => str(r.id), exported: (f) => ids(f.todos.owned) },
  todo_tags: {
    key: (r) => `${str(r.todo_id)}:${str(r.position)}`,
    exported: (f) => f.todos.owned.flatMap((todo) => todo.tags.map((tag) => `${todo._id}:${tag.position}`)),
    rows: (userId) => inIds('todo_tags', 'todo_id', 'todos', 'owner_id', userId),
  },
  todo_assignees: {
    key: (r) => `${str(r.todo_id)}:${str(r.user_id)}`,
    exported: (f) => [
      ...f.todos.owned.flatMap((todo) => todo.assignees.map((a) => `${todo._id}:${a._id}`)),
      ...f.todos.assignedToMe.map((todo) => `${todo._id}:${f.account._id}`),
    ],
    rows: async (userId) => [
      ...(await inIds('todo_assignees', 'todo_id', 'todos', 'owner_id', userId)),
      ...(await t.database.db
        .selectFrom('todo_assignees')
        .selectAll()
        .where('user_id', '=', userId)
        .execute()),
    ],
  },
  events: { key: (r) => str(r.id), exported: (f) => ids(f.events.owned) },
  event_guests: {
    key: (r) => `${str(r.event_id)}:${str(r.user_id)}`,
    exported: (f) => [
      ...f.events.owned.flatMap((e) => e.guests.map((g) => `${e._id}:${g._id}`)),
      ...f.events.guestOf.map((e) => `${e._id}:${f.account._id}`),
    ],
    rows: async (userId) => [
      ...(await inIds('event_guests', 'event_id', 'events', 'owner_id', userId)),
      ...(await t.database.db.selectFrom('event_guests').selectAll().where('user_id', '=', userId).execute()),
    ],
  },
  event_exceptions: {
    key: (r) => `${str(r.event_id)}:${str(r.occurrence_at)}`,
    exported: (f) => f.events.owned.flatMap((e) => e.exceptions.map((x) => `${e._id}:${x.occurrence}`)),
    rows: (userId) => inIds('event_exceptions', 'event_id', 'events', 'owner_id', userId),
  },
  calendar_entries: {
    key: (r) => `${str(r.kind)}:${str(r.source_id)}`,
    exported: (f) => f.calendarEntries.map((e) => `${e.kind}:${e.sourceId}`),
  },
  meetings: { key: (r) => str(r.id), exported: (f) => ids(f.meetings.organised) },
  meeting_invitations: {
    key: (r) => `${str(r.meeting_id)}:${str(r.user_id)}`,
    exported: (f) => [
      ...f.meetings.organised.flatMap((m) => m.invitations.map((i) => `${m._id}:${i.user._id}`)),
      ...f.meetings.invitations.map((i) => `${i.meetingId}:${f.account._id}`),
    ],
    rows: async (userId) => [
      ...(await inIds('meeting_invitations', 'meeting_id', 'meetings', 'owner_id', userId)),
      ...(await t.database.db
        .selectFrom('meeting_invitations')
        .selectAll()
        .where('user_id', '=', userId)
        .execute()),
    ],
  },
  // The user's own; a notification of someone else's that names the user as who answered is theirs.
  notifications: {
    key: (r) => str(r.id),
    exported: (f) => ids(f.notifications),
    rows: async (userId) => (await rowsOf('notifications')).filter((r) => str(r.user_id) === String(userId)),
  },
  reminders: { key: (r) => str(r.id), exported: (f) => ids(f.reminders) },
  billing_requests: { key: (r) => str(r.id), exported: (f) => ids(f.billingRequests) },
  chats: {
    key: (r) => str(r.id),
    exported: (f) => ids(f.chats),
    rows: async (userId) => {
      const { db } = t.database;
      const touched = db
        .selectFrom('chat_reads')
        .select('chat_id as id')
        .where('user_id', '=', userId)
        .union(db.selectFrom('chat_messages').select('chat_id as id').where('sender_id', '=', userId));
      return db
        .selectFrom('chats')
        .selectAll()
        .where((eb) => eb.or([eb('id', 'in', chatsOf(userId)), eb('id', 'in', touched)]))
        .execute();
    },
    // The friend's groups' chats stay, without the user's messages.
    kept: (r) => w.friendGroupChatIds.includes(str(r.id)),
  },
  chat_messages: {
    key: (r) => str(r.id),
    exported: (f) => ids(f.messages),
    rows: (userId) =>
      t.database.db
        .selectFrom('chat_messages')
        .selectAll()
        .where((eb) => eb.or([eb('sender_id', '=', userId), eb('chat_id', 'in', chatsOf(userId))]))
        .execute(),
    kept: (r) => w.friendGroupChatIds.includes(str(r.chat_id)) && str(r.sender_id) !== w.user.id,
  },
  chat_reads: {
    key: (r) => str(r.chat_id),
    exported: (f) => f.chats.filter((c) => c.lastReadId !== null).map((c) => c._id),
  },
  booking_types: { key: (r) => str(r.id), exported: (f) => ids(f.bookingTypes) },
  // Through the user's links, and those the user hosts through the friend's (which stays).
  bookings: {
    key: (r) => str(r.id),
    exported: (f) => ids(f.bookings),
    rows: (userId) => bookingsOf(userId).selectAll().execute(),
    kept: (r) => str(r.owner_id) !== w.user.id,
  },
  // Every host of those bookings; the friend's place on their own booking stays.
  booking_hosts: {
    key: (r) => `${str(r.booking_id)}:${str(r.user_id)}`,
    exported: (f) => f.bookings.flatMap((b) => b.hosts.map((h) => `${b._id}:${h._id}`)),
    rows: (userId) =>
      t.database.db
        .selectFrom('booking_hosts')
        .selectAll()
        .where('booking_id', 'in', bookingsOf(userId).select('id'))
        .execute(),
    kept: (r) => str(r.booking_id) === w.friendBookingId && str(r.user_id) !== w.user.id,
  },
};

/** Tables whose rows are not in the file, each with the reason. */
const notExported: Record<string, string> = {
  kysely_migration: 'the migrations applied',
  kysely_migration_lock: 'the migrations lock',
  list_versions: 'cache counters per user and list: no content; deleted with the account',
  dav_collections:
    'the names and colours a calendar app set on the user’s three CalDAV collections: settings of the sync, not content; deleted with the account',
  dav_changes:
    'which events and to-dos changed at which list version, for CalDAV sync tokens: no content of its own; deleted with the account',
  mail_outbox:
    'the delivery log of the mails sent to the address (they are in the user’s mailbox); deleted with the account',
  account_unlocks:
    'hashes of the one-time unlock links mailed to the account (the mails are in the user’s mailbox); deleted with the account',
};

/** The user's rows of every covered table. */
async function rowsOfUser(
  userId: number,
  email: string,
  columns: Map<string, { ids: string[]; emails: string[] }>,
): Promise<Map<string, Row[]>> {
  const result = new Map<string, Row[]>();
  for (const [table, named] of columns) {
    const spec = coverage[table];
    if (spec?.rows) {
      result.set(table, await spec.rows(userId));
      continue;
    }
    result.set(
      table,
      (await rowsOf(table)).filter(
        (row) =>
          named.ids.some((column) => str(row[column]) === String(userId)) ||
          named.emails.some((column) => row[column] === email),
      ),
    );
  }
  return result;
}

interface World {
  user: TestUser;
  friend: TestUser;
  boardId: string;
  boardName: string;
  friendBoardId: string;
  leftBoardId: string;
  friendTodoId: string;
  friendEventId: string;
  friendMeetingId: string;
  friendGroupId: string;
  friendGroupChatIds: string[];
  bookingId: string;
  friendBookingId: string;
}

let w: World;

async function buildWorld(): Promise<World> {
  // The first account operates the instance (D7).
  const operator = await buildUser(t);
  const user = await buildUser(t);
  const friend = await buildUser(t);
  const asker = await buildUser(t);
  const asked = await buildUser(t);
  await befriend(t, user, friend);
  await sendFriendRequest(t, asker, user);
  await sendFriendRequest(t, user, asked);
  const myGroup = await buildGroup(t, user, { name: 'My team', members: [friend] });
  const friendGroup = await buildGroup(t, friend, { name: 'Friend team', members: [user] });
  // Chats: a direct one read by the user, their group's, the friend's group's (the friend's
  // message stays when the user goes), and one of a group the user was taken out of.
  const direct = await buildChat(t, user, { friend: friend.id });
  await sendMessage(t, user, direct._id, 'Hello');
  await sendMessage(t, friend, direct._id, 'Hi there');
  await ok(t, 'GET', `/api/chats/${direct._id}/messages`, user.token);
  const myGroupChat = await buildChat(t, user, { group: myGroup._id });
  await sendMessage(t, friend, myGroupChat._id, 'Team!');
  const friendGroupChat = await buildChat(t, friend, { group: friendGroup._id });
  await sendMessage(t, friend, friendGroupChat._id, 'Theirs');
  await sendMessage(t, user, friendGroupChat._id, 'Mine');
  const leftGroup = await buildGroup(t, friend, { name: 'Left team', members: [user] });
  const leftChat = await buildChat(t, user, { group: leftGroup._id });
  await sendMessage(t, user, leftChat._id, 'Bye');
  await sendMessage(t, friend, leftChat._id, 'Not yours');
  await ok(t, 'PUT', `/api/groups/${leftGroup._id}`, friend.token, { name: 'Left team', memberIds: [] });
  await ok(t, 'POST', '/api/tags', user.token, { name: 'work', color: '#123456' }, 201);
  const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#7367f0' } })
    .png()
    .toBuffer();
  const upload = multipartFile('me.png', 'image/png', picture);
  const uploaded = await call(t, 'POST', '/api/account/avatar', user.token, upload.payload, {
    'content-type': upload.contentType,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);

  const boardName = 'Shared launch';
  const { board, lists, items } = await buildBoard(t, user, {
    name: boardName,
    members: [friend],
    layout: { Doing: ['Write'], Done: ['Plan'] },
  });
  await ok(
    t,
    'POST',
    `/api/projects/${board._id}/lists/${lists.Doing!._id}/items/${items.Write!._id}/todo`,
    user.token,
    { text: 'Outline' },
    201,
  );
  // The user's cards: tags (a built-in and their own), a due date done, members, comments by both
  // of them, a move and the friend's archiving (history lines by each).
  const cardPath = (boardId: string, listId: string, itemId: string) =>
    `/api/projects/${boardId}/lists/${listId}/items/${itemId}`;
  await ok(t, 'PUT', cardPath(board._id, lists.Doing!._id, items.Write!._id), user.token, {
    tags: ['high', 'work'],
    dueAt: '2027-02-01T09:00:00.000Z',
    dueComplete: true,
    members: [user.id, friend.id],
  });
  await buildComment(t, user, board._id, items.Write!._id, 'Draft is up');
  await buildComment(t, friend, board._id, items.Write!._id, 'Looks good');
  await ok(t, 'PUT', `/api/projects/${board._id}/lists/items/${items.Plan!._id}`, user.token, {
    fromList: lists.Done!._id,
    toList: lists.Doing!._id,
    fromIndex: 0,
    toIndex: 1,
  });
  await ok(t, 'PUT', cardPath(board._id, lists.Doing!._id, items.Plan!._id), friend.token, {
    archived: true,
  });

  const friendBoard = await buildBoard(t, friend, {
    name: 'Friend board',
    members: [user],
    layout: { Todo: ['Their card'] },
  });
  const theirCard = friendBoard.items['Their card']!._id;
  await ok(
    t,
    'POST',
    `/api/projects/${friendBoard.board._id}/lists/${friendBoard.lists.Todo!._id}/items/${theirCard}/todo`,
    friend.token,
    { text: 'Their step' },
    201,
  );
  // On the friend's board the user joins a card and tags it with their own tag, and comments.
  await ok(t, 'PUT', cardPath(friendBoard.board._id, friendBoard.lists.Todo!._id, theirCard), user.token, {
    members: [friend.id, user.id],
    tags: ['team', 'work'],
  });
  await buildComment(t, friend, friendBoard.board._id, theirCard, 'Welcome');
  await buildComment(t, user, friendBoard.board._id, theirCard, 'On it');
  // A board the user commented on and tagged a card of, then was taken off.
  const leftBoard = await buildBoard(t, friend, {
    name: 'Left board',
    members: [user],
    layout: { Todo: ['Old card'] },
  });
  const oldCard = leftBoard.items['Old card']!._id;
  await ok(t, 'PUT', cardPath(leftBoard.board._id, leftBoard.lists.Todo!._id, oldCard), user.token, {
    tags: ['work'],
  });
  await buildComment(t, user, leftBoard.board._id, oldCard, 'Was here');
  await ok(t, 'PUT', `/api/projects/${leftBoard.board._id}`, friend.token, { memberIds: [] });

  await buildGoal(t, user, { title: 'Learn Greek', tags: ['high', 'work'] });
  await buildTask(t, user, { title: 'Mine, shared', assignee: [friend.id], tags: ['work'] });
  await buildTask(t, user, { title: 'Mine alone', dueDate: new Date().toISOString().slice(0, 10) });
  const friendTodo = await buildTask(t, friend, { title: 'Theirs, for me', assignee: [user.id] });

  const start = new Date(Date.now() + 86_400_000);
  const end = new Date(start.getTime() + 3_600_000);
  const event = await buildEvent(t, user, {
    title: 'My party',
    start: start.toISOString(),
    end: end.toISOString(),
    reminder: 15,
    guests: [friend.id],
  });
  const friendEvent = await buildEvent(t, friend, {
    title: 'Their party',
    start: start.toISOString(),
    end: end.toISOString(),
    reminder: 30,
    guests: [user.id],
  });
  // A weekly series with one occurrence moved and one cancelled (D39).
  const weekly = await buildEvent(t, user, {
    title: 'Weekly',
    start: '2027-02-01T09:00:00Z',
    end: '2027-02-01T10:00:00Z',
    recurrence: 'FREQ=WEEKLY;COUNT=5',
  });
  await ok(
    t,
    'PUT',
    `/api/calender/modify-event/${weekly._id}?occurrence=2027-02-08T09:00:00.000Z&scope=this`,
    user.token,
    { start: '2027-02-09T09:00:00Z', end: '2027-02-09T10:00:00Z' },
  );
  await ok(
    t,
    'DELETE',
    `/api/calender/${weekly._id}?occurrence=2027-02-15T09:00:00.000Z&scope=this`,
    user.token,
    undefined,
    204,
  );
  const meetingBody = (name: string, invitee: TestUser, time: string) => ({
    name,
    duration: 30,
    startDate: '2027-01-11',
    endDate: '2027-01-15',
    time,
    invitees: [invitee.id],
  });
  const meeting = await buildMeeting(t, user, meetingBody('My meeting', friend, '2027-01-13T11:00:00Z'));
  await answerInvitation(t, friend, meeting._id, 'accepted');
  const friendMeeting = await buildMeeting(
    t,
    friend,
    meetingBody('Their meeting', user, '2027-01-14T11:00:00Z'),
  );
  await answerInvitation(t, user, friendMeeting._id, 'accepted');
  // A reminder fires on the clock, not through a call: written as the scheduler writes one.
  await t.database.db
    .insertInto('notifications')
    .values({
      user_id: Number(user.id),
      kind: 'event',
      source_id: Number(event._id),
      title: 'My party',
      occurrence_at: start.toISOString(),
      is_read: false,
      mail_state: 'sent',
      created_at: new Date().toISOString(),
    })
    .execute();
  // Booking pages (D44): a visitor books the user's link, hosted by the user's group (the friend
  // too); another books the friend's link, hosted by the friend's group (the user too). The first
  // time offered on a Monday weeks ahead, in D22's default hours.
  const monday = DateTime.utc().plus({ weeks: 3 }).startOf('week').toISODate();
  const bookThrough = async (host: TestUser, type: BookingType, email: string) => {
    const query = new URLSearchParams({ start: monday, end: monday, timeZone: 'UTC' }).toString();
    const read = await call(t, 'GET', `/api/book/${host.username}/${type.slug}?${query}`);
    expect(read.statusCode, read.body).toBe(200);
    const times = read.json<PublicTimes>();
    const start = times.data[0]!.times[0]!;
    const response = await call(t, 'POST', `/api/book/${host.username}/${type.slug}`, undefined, {
      start,
      name: 'Dana Visitor',
      email,
      note: 'About the project',
      timeZone: 'Europe/Lisbon',
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  const typeBody = (slug: string, group: string) => ({
    slug,
    title: 'Intro call',
    duration: 30,
    minNotice: 0,
    rangeDays: 365,
    location: 'https://meet.example.org/intro',
    hosts: { mode: 'collective', group },
  });
  const myType = await ok<BookingType>(
    t,
    'POST',
    '/api/booking-types',
    user.token,
    typeBody('intro', myGroup._id),
    201,
  );
  const friendType = await ok<BookingType>(
    t,
    'POST',
    '/api/booking-types',
    friend.token,
    typeBody('team-intro', friendGroup._id),
    201,
  );
  const bookingId = await bookThrough(user, myType, 'dana@visitor.test');
  const friendBookingId = await bookThrough(friend, friendType, 'eli@visitor.test');
  await ok(t, 'PUT', '/api/working-hours', user.token, {
    data: [{ day: 'monday', from: '09:00', to: '17:00' }],
  });
  await ok(t, 'POST', '/api/billing/requests', user.token, { plan: 'teams', users: 5 }, 201);
  await ok(t, 'POST', '/api/calender/feed', user.token, undefined, 201);
  await ok(t, 'POST', '/api/account/app-passwords', user.token, { name: 'Phone' }, 201);
  await call(t, 'POST', '/api/jwt/forgot-password', undefined, { email: user.email });
  // A calendar app with a wrong app password: a failure of its own kind.
  const wrongSecret = Buffer.from(`${user.email}:not-an-app-password`).toString('base64');
  await t.app.inject({
    // Any method is sent; light-my-request's type names only the common ones.
    method: 'PROPFIND' as 'GET',
    url: '/dav/',
    headers: { authorization: `Basic ${wrongSecret}` },
  });
  expect((await login(t, user.email, 'not my password')).statusCode).toBe(400);
  // A second session, so there are several refresh tokens.
  expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  expect(operator.id).not.toBe(user.id);
  return {
    user,
    friend,
    boardId: board._id,
    boardName,
    friendBoardId: friendBoard.board._id,
    leftBoardId: leftBoard.board._id,
    friendTodoId: friendTodo._id,
    friendEventId: friendEvent._id,
    friendMeetingId: friendMeeting._id,
    friendGroupId: friendGroup._id,
    friendGroupChatIds: [friendGroupChat._id, leftChat._id],
    bookingId,
    friendBookingId,
  };
}

beforeAll(async () => {
  w = await buildWorld();
}, 60_000);

describe('GET /api/account/export', () => {
  it('is a download of every row of every table that is the user’s', async () => {
    const response = await call(t, 'GET', '/api/account/export', w.user.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="cadence-${w.user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const file = yourDataExport.parse(response.json());
    expect(file.format).toBe('cadence-export/1');
    expect(file.messages.map((m) => m.message).sort()).toEqual(
      ['Bye', 'Hello', 'Hi there', 'Mine', 'Team!', 'Theirs'].sort(),
    );
    expect(file.chats.map((c) => [c.kind, c.with?.username ?? c.group?.name, c.participant])).toEqual([
      ['direct', w.friend.username, true],
      ['group', 'My team', true],
      ['group', 'Friend team', true],
      ['group', 'Left team', false],
    ]);
    expect(file.account.general.email).toBe(w.user.email);
    expect(file.workingHours).toEqual([{ day: 'monday', from: '09:00', to: '17:00' }]);
    // The cards of the user's board: tags, due date, members, everyone's comments and history.
    const cards = new Map(ownedItems(file).map((item) => [item.name, item]));
    const write = cards.get('Write')!;
    expect(write.tags).toEqual([
      { position: 0, builtIn: 'high', tagId: null, name: 'high', color: expect.any(String) },
      { position: 1, builtIn: null, tagId: file.tags[0]!._id, name: 'work', color: '#123456' },
    ]);
    expect([write.dueAt, write.dueComplete, write.archived]).toEqual([
      '2027-02-01T09:00:00.000Z',
      true,
      false,
    ]);
    expect(write.members.map((m) => m.username).sort()).toEqual([w.user.username, w.friend.username].sort());
    expect(write.comments.map((c) => [c.author.username, c.text])).toEqual([
      [w.user.username, 'Draft is up'],
      [w.friend.username, 'Looks good'],
    ]);
    expect(write.activity.map((a) => [a.actor.username, a.kind])).toEqual([
      [w.user.username, 'created'],
      [w.user.username, 'due-set'],
      [w.user.username, 'tag-added'],
      [w.user.username, 'tag-added'],
      [w.user.username, 'member-added'],
      [w.user.username, 'member-added'],
    ]);
    const plan = cards.get('Plan')!;
    expect(plan.archived).toBe(true);
    expect(plan.activity.map((a) => [a.actor.username, a.kind, a.detail])).toEqual([
      [w.user.username, 'created', { to: 'Done' }],
      [w.user.username, 'moved', { from: 'Done', to: 'Doing' }],
      [w.friend.username, 'archived', {}],
    ]);
    // What the user left on the friend's boards; names only where they still are.
    expect(file.boards.cardMemberships).toEqual([
      {
        boardId: w.friendBoardId,
        boardName: 'Friend board',
        itemId: expect.any(String),
        itemName: 'Their card',
      },
    ]);
    expect(file.boards.comments.map((c) => [c.boardId, c.boardName, c.itemName, c.text])).toEqual([
      [w.friendBoardId, 'Friend board', 'Their card', 'On it'],
      [w.leftBoardId, null, null, 'Was here'],
    ]);
    expect(file.boards.activity.map((a) => [a.boardName, a.kind, a.detail.name])).toEqual([
      ['Friend board', 'tag-added', 'team'],
      ['Friend board', 'tag-added', 'work'],
      ['Friend board', 'member-added', w.friend.fullName],
      ['Friend board', 'member-added', w.user.fullName],
      [null, 'tag-added', 'work'],
    ]);
    // The booking pages: the user's type, the booking through it and the one they host.
    expect(file.bookingTypes.map((b) => [b.slug, b.mode, b.group, b.minNotice])).toEqual([
      ['intro', 'collective', expect.any(String), 0],
    ]);
    const hostNames = [w.user.username, w.friend.username].sort();
    expect(
      file.bookings.map((b) => [
        b._id,
        b.owner.username,
        b.email,
        b.status,
        b.hosts.map((h) => h.username).sort(),
      ]),
    ).toEqual([
      [w.bookingId, w.user.username, 'dana@visitor.test', 'confirmed', hostNames],
      [w.friendBookingId, w.friend.username, 'eli@visitor.test', 'confirmed', hostNames],
    ]);
    expect(file.bookings[0]).toMatchObject({
      typeId: file.bookingTypes[0]!._id,
      name: 'Dana Visitor',
      note: 'About the project',
      timeZone: 'Europe/Lisbon',
      sequence: 0,
    });
    expect(Object.keys(file.bookings[0]!)).not.toContain('tokenHash');
    // No secret: the password's hash, a token's hash, the feed's secret, a manage link's hash.
    const text = response.body;
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', Number(w.user.id))
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(user.password_hash);
    for (const table of ['refresh_tokens', 'password_resets', 'calendar_feeds', 'bookings'] as const) {
      const hashes = await t.database.db.selectFrom(table).select('token_hash').execute();
      expect(hashes.length).toBeGreaterThan(0);
      for (const { token_hash } of hashes) expect(text).not.toContain(token_hash);
    }
    // No other person's e-mail address (D12).
    expect(text).not.toContain(w.friend.email);

    const columns = await userColumns();
    const uncovered = [...columns]
      .filter(
        ([table, named]) =>
          (named.ids.length > 0 || named.emails.length > 0) && !coverage[table] && !(table in notExported),
      )
      .map(([table]) => table);
    expect(
      uncovered,
      `tables naming a user that the export test does not cover: ${uncovered.join(', ')}`,
    ).toEqual([]);
    const unknown = [...columns.keys()].filter((table) => !coverage[table] && !(table in notExported));
    expect(
      unknown,
      `tables neither covered nor listed as holding no user data: ${unknown.join(', ')}`,
    ).toEqual([]);

    const mine = await rowsOfUser(Number(w.user.id), w.user.email, columns);
    let checked = 0;
    for (const [table, rows] of mine) {
      const spec = coverage[table];
      if (!spec) continue;
      const inDatabase = rows.map(spec.key).sort();
      const inFile = spec.exported(file).sort();
      if (spec.distinct) expect([...new Set(inFile)], table).toEqual([...new Set(inDatabase)]);
      else expect(inFile, table).toEqual(inDatabase);
      checked += rows.length;
    }
    // The world gives every covered table at least one row of the user's.
    for (const table of Object.keys(coverage)) expect(mine.get(table)?.length, table).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(Object.keys(coverage).length);
  });

  it('shows another user only their own data', async () => {
    const file = yourDataExport.parse(await ok<unknown>(t, 'GET', '/api/account/export', w.friend.token));
    expect(file.account._id).toBe(w.friend.id);
    expect(file.boards.owned.map((b) => b.name)).toEqual(['Friend board', 'Left board']);
    expect(file.boards.memberOf.map((b) => b._id)).toEqual([w.boardId]);
    expect(file.boards.comments.map((c) => [c.boardName, c.itemName, c.text])).toEqual([
      [w.boardName, 'Write', 'Looks good'],
    ]);
    expect(file.boards.activity.map((a) => [a.itemName, a.kind])).toEqual([['Plan', 'archived']]);
    expect(file.bookingTypes.map((b) => b.slug)).toEqual(['team-intro']);
    // They host the booking through the user's link too.
    expect(file.bookings.map((b) => b._id)).toEqual([w.bookingId, w.friendBookingId]);
    expect(JSON.stringify(file)).not.toContain(w.user.email);
  });
});

describe('DELETE /api/account', () => {
  it('refuses a wrong password with the field, and changes nothing', async () => {
    const before = await fingerprint(t.database);
    const body = expectError(
      await call(t, 'DELETE', '/api/account', w.user.token, { password: 'not my password' }),
      400,
      'WRONG_PASSWORD',
    );
    expect(body.fields).toEqual({ password: messages['account.passwordWrong'] });
    expect(await fingerprint(t.database)).toEqual(before);
    expectError(await call(t, 'DELETE', '/api/account', w.user.token, {}), 400, 'VALIDATION_ERROR');
    expectError(
      await call(t, 'DELETE', '/api/account', w.user.token, { password: w.user.password, extra: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('is closed to the operator of the instance (the first account here)', async () => {
    const [first] = await t.database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .orderBy('id')
      .limit(1)
      .execute();
    const operatorLogin = await login(t, first!.email, 'correct horse battery');
    expect(operatorLogin.statusCode).toBe(200);
    const operatorToken = operatorLogin.json<{ accessToken: string }>().accessToken;
    const before = await fingerprint(t.database);
    const refused = expectError(
      await call(t, 'DELETE', '/api/account', operatorToken, { password: 'correct horse battery' }),
      403,
      'OPERATOR_CANNOT_DELETE',
    );
    expect(refused.message).toBe(messages['account.operatorCannotDelete']);
    expect(await fingerprint(t.database)).toEqual(before);
    // Still there, still signed in.
    expect((await call(t, 'GET', '/api/account', operatorToken)).statusCode).toBe(200);
  });

  it('deletes everything the user owns and their place in others’ things, in one go', async () => {
    const { db } = t.database;
    const userId = Number(w.user.id);
    const friendId = Number(w.friend.id);
    const columns = await userColumns();
    const mine = await rowsOfUser(userId, w.user.email, columns);
    const friendOwned = async () => ({
      boards: await db.selectFrom('boards').select('id').where('owner_id', '=', friendId).execute(),
      lists: await inIds('board_lists', 'board_id', 'boards', 'owner_id', friendId),
      items: await inIds('board_items', 'board_id', 'boards', 'owner_id', friendId),
      checklist: await inIds('item_todos', 'board_id', 'boards', 'owner_id', friendId),
      todos: await db.selectFrom('todos').selectAll().where('owner_id', '=', friendId).execute(),
      events: await db.selectFrom('events').selectAll().where('owner_id', '=', friendId).execute(),
      meetings: await db.selectFrom('meetings').selectAll().where('owner_id', '=', friendId).execute(),
      groups: await db.selectFrom('groups').selectAll().where('owner_id', '=', friendId).execute(),
      bookingTypes: await db
        .selectFrom('booking_types')
        .selectAll()
        .where('owner_id', '=', friendId)
        .execute(),
    });
    const friendBefore = await friendOwned();
    const friendBoardBefore = await readBoard(t, w.friend.token, w.friendBoardId);
    expect(friendBoardBefore.members.map((m) => m._id)).toContain(w.user.id);
    const theirCard = (board: Board) =>
      board.lists.flatMap((l) => l.items).find((i) => i.name === 'Their card')!;
    const trace = (item: ListItem) => ({
      members: item.members,
      tags: item.tags.map((tag) => tag.name),
      commentCount: item.commentCount,
    });
    expect(trace(theirCard(friendBoardBefore))).toEqual({
      members: [w.friend.id, w.user.id].sort((a, b) => Number(a) - Number(b)),
      tags: ['team', 'work'],
      commentCount: 2,
    });
    // Read now, so a cached copy would be served after if the board's version did not move.
    const oldCard = (board: Board) => board.lists[0]!.items[0]!;
    expect(trace(oldCard(await readBoard(t, w.friend.token, w.leftBoardId)))).toEqual({
      members: [],
      tags: ['work'],
      commentCount: 1,
    });

    const response = await call(t, 'DELETE', '/api/account', w.user.token, { password: w.user.password });
    expect(response.statusCode, response.body).toBe(204);

    // No row of theirs is left: none naming them in any user column, none they owned through a parent.
    for (const [table, named] of columns) {
      const rows = await rowsOf(table);
      const naming = rows.filter(
        (row) =>
          named.ids.some((column) => str(row[column]) === String(userId)) ||
          named.emails.some((column) => row[column] === w.user.email),
      );
      expect(naming, table).toEqual([]);
      const spec = coverage[table];
      if (spec?.rows) {
        const before = mine.get(table) ?? [];
        const left = new Set(rows.map((row) => JSON.stringify(row)));
        const kept = before.filter((row) => spec.kept?.(row) ?? false);
        expect(
          before.filter((row) => left.has(JSON.stringify(row))),
          table,
        ).toEqual(kept);
        if (spec.kept) expect(kept.length, `${table}: rows kept`).toBeGreaterThan(0);
      }
    }
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    // Nor anything of the friend's pointing at what the user owned (`source_id` has no foreign key).
    const sources = { event: 'events', meeting: 'meetings', todo: 'todos' } as const;
    for (const table of ['calendar_entries', 'reminders', 'notifications'] as const) {
      for (const [kind, source] of Object.entries(sources)) {
        const dangling = await sql<Row>`select * from ${sql.table(table)} where kind = ${kind}
          and source_id not in (select id from ${sql.table(source)})`.execute(db);
        expect(dangling.rows, `${table} of kind ${kind}`).toEqual([]);
      }
    }
    // Nor of the bookings through the user's links: the friend hosted one.
    const danglingBookings = await db
      .selectFrom('notifications')
      .selectAll()
      .where('kind', 'in', ['booking-new', 'booking-rescheduled', 'booking-cancelled'])
      .where('source_id', 'not in', db.selectFrom('bookings').select('id'))
      .execute();
    expect(danglingBookings).toEqual([]);
    // The friend's booking stays, the friend its only host.
    const friendBookings = await ok<HostBookingList>(t, 'GET', '/api/bookings', w.friend.token);
    expect(friendBookings.data.map((b) => [b._id, b.hosts.map((h) => h.username)])).toEqual([
      [w.friendBookingId, [w.friend.username]],
    ]);

    // The friend's things are intact, without the user in them.
    const friendAfter = await friendOwned();
    expect(friendAfter.boards).toEqual(friendBefore.boards);
    for (const key of [
      'lists',
      'items',
      'checklist',
      'todos',
      'events',
      'meetings',
      'groups',
      'bookingTypes',
    ] as const) {
      expect(friendAfter[key], key).toEqual(friendBefore[key]);
    }
    const friendBoard = await readBoard(t, w.friend.token, w.friendBoardId);
    expect(friendBoard.members.map((m) => m._id)).not.toContain(w.user.id);
    // Their card lost the user's membership, tag and comment; nothing else changed.
    expect(trace(theirCard(friendBoard))).toEqual({
      members: [w.friend.id],
      tags: ['team'],
      commentCount: 1,
    });
    const withoutTrace = (board: Board) =>
      board.lists.map((l) => ({
        ...l,
        items: l.items.map((i) => ({ ...i, members: [], tags: [], commentCount: 0 })),
      }));
    expect(withoutTrace(friendBoard)).toEqual(withoutTrace(friendBoardBefore));
    // So did the card of the board they had left.
    expect(trace(oldCard(await readBoard(t, w.friend.token, w.leftBoardId)))).toEqual({
      members: [],
      tags: [],
      commentCount: 0,
    });
    const todo = await ok<Task>(t, 'GET', `/api/todos/${w.friendTodoId}`, w.friend.token);
    expect(JSON.stringify(todo)).not.toContain(`"${w.user.id}"`);
    const event = await call(t, 'GET', `/api/calender/events/${w.friendEventId}`, w.friend.token);
    expect(event.statusCode).toBe(200);
    expect(event.body).not.toContain(w.user.username);
    const meeting = await call(t, 'GET', `/api/meetings/${w.friendMeetingId}`, w.friend.token);
    expect(meeting.statusCode).toBe(200);
    expect(meeting.body).not.toContain(w.user.username);
    const group = await call(t, 'GET', `/api/groups/${w.friendGroupId}`, w.friend.token);
    expect(group.statusCode).toBe(200);
    expect(group.body).not.toContain(w.user.username);
    expect((await ok<{ count: number }>(t, 'GET', '/api/friends', w.friend.token)).count).toBe(0);

    // The board the user shared is gone for its member, who was told by its name.
    expectError(await call(t, 'GET', `/api/projects?id=${w.boardId}`, w.friend.token), 404, 'NOT_FOUND');
    const bell = await ok<NotificationList>(t, 'GET', '/api/notifications', w.friend.token);
    const told = bell.data.filter((n) => n.kind === 'board-deleted');
    expect(told).toMatchObject([{ sourceId: w.boardId, title: w.boardName, isRead: false }]);
    // Nothing in the friend's bell points at the user's meeting or event any more.
    expect(bell.data.filter((n) => n.kind === 'meeting').map((n) => n.title)).not.toContain('My meeting');

    // No credential works: the password, the access token, the refresh token.
    expectError(await login(t, w.user.email, w.user.password), 400, 'INVALID_CREDENTIALS');
    const access = await call(t, 'GET', '/api/account', w.user.token);
    expect(access.statusCode).toBe(401);
    expect(access.json<ErrorBody>().code).toBe('INVALID_TOKEN');
    expectError(await refresh(t, w.user.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    // The address and the name are free again.
    const again = await buildUser(t, { email: w.user.email, username: w.user.username });
    expect(Number(again.id)).toBeGreaterThan(userId);
  });
});
