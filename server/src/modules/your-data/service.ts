/**
 * "Your data" (issue 13): everything a user owns, read into one file, and the account's deletion —
 * what they own goes with them, their place in other people's things is taken out, the members
 * of the boards they shared are told, and their sessions end, all in one transaction.
 */
import {
  EXPORT_FORMAT,
  type DeleteAccountInput,
  type ItemActivity,
  messages,
  type WorkingInterval,
  type YourDataExport,
} from '@cadence/contract';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import type { ServiceDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../errors';
import { bumpListVersions } from '../../lib/list-versions';
import { verifyPassword } from '../../lib/passwords';
import { presentAccount } from '../account/presenter';
import { presentCardTag } from '../projects/cards';
import type { AuthService } from '../auth/service';

const iso = (ms: number) => new Date(ms).toISOString();
const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
const activityDetail = (text: string) => JSON.parse(text) as ItemActivity['detail'];

export type YourDataServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'log'> & {
  auth: Pick<AuthService, 'isOperator'>;
};

interface Person {
  _id: string;
  username: string;
  fullName: string;
}

export class YourDataService {
  constructor(private readonly deps: YourDataServiceDeps) {}

  /** Other people as the file names them (no e-mail, D12); a missing row cannot happen in a read transaction. */
  private async people(db: Db, ids: Iterable<number>): Promise<(id: number) => Person> {
    const wanted = [...new Set(ids)];
    const rows =
      wanted.length === 0
        ? []
        : await db
            .selectFrom('users')
            .select(['id', 'username', 'full_name'])
            .where('id', 'in', wanted)
            .execute();
    const found = byId(rows);
    return (id) => {
      const row = found.get(id);
      return { _id: String(id), username: row?.username ?? '', fullName: row?.full_name ?? '' };
    };
  }

  /** Every row of the user's, one table after the other, inside one transaction so the file is consistent. */
  async export(userId: number): Promise<{ username: string; data: YourDataExport }> {
    return this.deps.db.transaction().execute(async (db) => {
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) throw notFound();
      const [picture, feed, sessions, resets, failures] = await Promise.all([
        db.selectFrom('avatars').selectAll().where('user_id', '=', userId).executeTakeFirst(),
        db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst(),
        db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
        db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
        db.selectFrom('login_failures').selectAll().where('email', '=', user.email).orderBy('id').execute(),
      ]);

      const friendships = await db
        .selectFrom('friendships')
        .selectAll()
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
        .execute();
      const requests = await db
        .selectFrom('friend_requests')
        .selectAll()
        .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
        .orderBy('id')
        .execute();

      const ownedGroups = await db
        .selectFrom('groups')
        .selectAll()
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const groupMembers = await db
        .selectFrom('group_members')
        .innerJoin('groups', 'groups.id', 'group_members.group_id')
        .select(['group_members.group_id', 'group_members.user_id', 'groups.owner_id', 'groups.name'])
        .where((eb) => eb.or([eb('groups.owner_id', '=', userId), eb('group_members.user_id', '=', userId)]))
        .execute();
      const tags = await db
        .selectFrom('tags')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();

      const boards = await db
        .selectFrom('boards')
        .selectAll()
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const boardIds = boards.map((b) => b.id);
      const [lists, items, checklist, cardTags, cardMembers, cardComments, cardActivity] =
        boardIds.length === 0
          ? [[], [], [], [], [], [], []]
          : await Promise.all([
              db
                .selectFrom('board_lists')
                .selectAll()
                .where('board_id', 'in', boardIds)
                .orderBy('position')
                .execute(),
              db
                .selectFrom('board_items')
                .selectAll()
                .where('board_id', 'in', boardIds)
                .orderBy('position')
                .execute(),
              db
                .selectFrom('item_todos')
                .selectAll()
                .where('board_id', 'in', boardIds)
                .orderBy('id')
                .execute(),
              // A card's tag may be a member's own: its name and colour come with it.
              db
                .selectFrom('item_tags')
                .leftJoin('tags', 'tags.id', 'item_tags.tag_id')
                .select([
                  'item_tags.item_id',
                  'item_tags.position',
                  'item_tags.built_in',
                  'item_tags.tag_id',
                  'tags.name',
                  'tags.color',
                ])
                .where('item_tags.board_id', 'in', boardIds)
                .orderBy('item_tags.item_id')
                .orderBy('item_tags.position')
                .execute(),
              db
                .selectFrom('item_members')
                .select(['item_id', 'user_id'])
                .where('board_id', 'in', boardIds)
                .orderBy('item_id')
                .orderBy('user_id')
                .execute(),
              db
                .selectFrom('item_comments')
                .selectAll()
                .where('board_id', 'in', boardIds)
                .orderBy('id')
                .execute(),
              db
                .selectFrom('item_activity')
                .selectAll()
                .where('board_id', 'in', boardIds)
                .orderBy('id')
                .execute(),
            ]);
      const boardMembers = await db
        .selectFrom('board_members')
        .innerJoin('boards', 'boards.id', 'board_members.board_id')
        .select(['board_members.board_id', 'board_members.user_id', 'boards.owner_id', 'boards.name'])
        .where((eb) => eb.or([eb('boards.owner_id', '=', userId), eb('board_members.user_id', '=', userId)]))
        .execute();
      // What the user left on other people's boards: card memberships, comments, history lines.
      const placeColumns = [
        'boards.name as board_name',
        'boards.id as board_id',
        'board_items.id as item_id',
        'board_items.name as item_name',
      ] as const;
      const elsewhere = {
        memberships: await db
          .selectFrom('item_members')
          .innerJoin('board_items', 'board_items.id', 'item_members.item_id')
          .innerJoin('boards', 'boards.id', 'board_items.board_id')
          .select(placeColumns)
          .where('item_members.user_id', '=', userId)
          .where('boards.owner_id', '!=', userId)
          .orderBy('board_items.id')
          .execute(),
        comments: await db
          .selectFrom('item_comments')
          .innerJoin('board_items', 'board_items.id', 'item_comments.item_id')
          .innerJoin('boards', 'boards.id', 'board_items.board_id')
          .select([
            ...placeColumns,
            'item_comments.id',
            'item_comments.body',
            'item_comments.created_at',
            'item_comments.updated_at',
          ])
          .where('item_comments.author_id', '=', userId)
          .where('boards.owner_id', '!=', userId)
          .orderBy('item_comments.id')
          .execute(),
        activity: await db
          .selectFrom('item_activity')
          .innerJoin('board_items', 'board_items.id', 'item_activity.item_id')
          .innerJoin('boards', 'boards.id', 'board_items.board_id')
          .select([
            ...placeColumns,
            'item_activity.id',
            'item_activity.kind',
            'item_activity.detail',
            'item_activity.created_at',
          ])
          .where('item_activity.actor_id', '=', userId)
          .where('boards.owner_id', '!=', userId)
          .orderBy('item_activity.id')
          .execute(),
      };
      // A board the user has left keeps their comments and history, but its names are no longer theirs to see.
      const onBoard = new Set(boardMembers.filter((m) => m.user_id === userId).map((m) => m.board_id));
      const place = (row: { board_id: number; board_name: string; item_id: number; item_name: string }) => {
        const on = onBoard.has(row.board_id);
        return {
          boardId: String(row.board_id),
          boardName: on ? row.board_name : null,
          itemId: String(row.item_id),
          itemName: on ? row.item_name : null,
        };
      };

      const goals = await db
        .selectFrom('goals')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      const goalIds = goals.map((g) => g.id);
      const [subGoals, goalTasks, goalTags] =
        goalIds.length === 0
          ? [[], [], []]
          : await Promise.all([
              db
                .selectFrom('goal_sub_objectives')
                .selectAll()
                .where('goal_id', 'in', goalIds)
                .orderBy('position')
                .execute(),
              db
                .selectFrom('goal_tasks')
                .selectAll()
                .where('goal_id', 'in', goalIds)
                .orderBy('position')
                .execute(),
              db
                .selectFrom('goal_tags')
                .selectAll()
                .where('goal_id', 'in', goalIds)
                .orderBy('position')
                .execute(),
            ]);

      const todos = await db
        .selectFrom('todos')
        .selectAll()
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const todoIds = todos.map((t) => t.id);
      const todoTags =
        todoIds.length === 0
          ? []
          : await db
              .selectFrom('todo_tags')
              .selectAll()
              .where('todo_id', 'in', todoIds)
              .orderBy('position')
              .execute();
      const todoAssignees = await db
        .selectFrom('todo_assignees')
        .innerJoin('todos', 'todos.id', 'todo_assignees.todo_id')
        .select(['todo_assignees.todo_id', 'todo_assignees.user_id', 'todos.owner_id', 'todos.title'])
        .where((eb) => eb.or([eb('todos.owner_id', '=', userId), eb('todo_assignees.user_id', '=', userId)]))
        .execute();

      const events = await db
        .selectFrom('events')
        .selectAll()
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const eventExceptions = await db
        .selectFrom('event_exceptions')
        .innerJoin('events', 'events.id', 'event_exceptions.event_id')
        .selectAll('event_exceptions')
        .where('events.owner_id', '=', userId)
        .orderBy('event_exceptions.event_id')
        .orderBy('event_exceptions.occurrence_at')
        .execute();
      const eventGuests = await db
        .selectFrom('event_guests')
        .innerJoin('events', 'events.id', 'event_guests.event_id')
        .select([
          'event_guests.event_id',
          'event_guests.user_id',
          'events.owner_id',
          'events.title',
          'events.start_at',
          'events.end_at',
        ])
        .where((eb) => eb.or([eb('events.owner_id', '=', userId), eb('event_guests.user_id', '=', userId)]))
        .execute();
      const entries = await db
        .selectFrom('calendar_entries')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();

      const meetings = await db
        .selectFrom('meetings')
        .selectAll()
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const invitations = await db
        .selectFrom('meeting_invitations')
        .innerJoin('meetings', 'meetings.id', 'meeting_invitations.meeting_id')
        .select([
          'meeting_invitations.meeting_id',
          'meeting_invitations.user_id',
          'meeting_invitations.status',
          'meeting_invitations.answered_at',
          'meeting_invitations.created_at',
          'meetings.owner_id',
          'meetings.name',
          'meetings.time',
        ])
        .where((eb) =>
          eb.or([eb('meetings.owner_id', '=', userId), eb('meeting_invitations.user_id', '=', userId)]),
        )
        .execute();

      const [notifications, reminders, billing] = await Promise.all([
        db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
        db.selectFrom('reminders').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
        db.selectFrom('billing_requests').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      ]);

      // Chats: those the user takes part in, and any other they read or wrote in (a group left).
      const myGroupIds = [
        ...new Set([
          ...ownedGroups.map((g) => g.id),
          ...groupMembers.filter((m) => m.user_id === userId).map((m) => m.group_id),
        ]),
      ];
      const participantChats = await db
        .selectFrom('chats')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('user_a', '=', userId),
            eb('user_b', '=', userId),
            ...(myGroupIds.length > 0 ? [eb('group_id', 'in', myGroupIds)] : []),
          ]),
        )
        .execute();
      const participating = new Set(participantChats.map((c) => c.id));
      const reads = await db.selectFrom('chat_reads').selectAll().where('user_id', '=', userId).execute();
      const chatMessages = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('sender_id', '=', userId),
            ...(participating.size > 0 ? [eb('chat_id', 'in', [...participating])] : []),
          ]),
        )
        .orderBy('id')
        .execute();
      const otherChatIds = [
        ...new Set([...reads.map((r) => r.chat_id), ...chatMessages.map((m) => m.chat_id)]),
      ].filter((id) => !participating.has(id));
      const chats = [
        ...participantChats,
        ...(otherChatIds.length > 0
          ? await db.selectFrom('chats').selectAll().where('id', 'in', otherChatIds).execute()
          : []),
      ].sort((a, b) => a.id - b.id);
      const chatGroupIds = chats.flatMap((c) => (c.group_id === null ? [] : [c.group_id]));
      const chatGroups = byId(
        chatGroupIds.length > 0
          ? await db.selectFrom('groups').select(['id', 'name']).where('id', 'in', chatGroupIds).execute()
          : [],
      );
      const lastRead = new Map(reads.map((r) => [r.chat_id, r.last_read_id]));

      const person = await this.people(db, [
        ...chats.flatMap((c) => [c.user_a ?? userId, c.user_b ?? userId]),
        ...chatMessages.map((m) => m.sender_id),
        ...friendships.flatMap((f) => [f.user_id, f.friend_id]),
        ...requests.flatMap((r) => [r.from_user_id, r.to_user_id]),
        ...groupMembers.flatMap((m) => [m.user_id, m.owner_id]),
        ...boardMembers.flatMap((m) => [m.user_id, m.owner_id]),
        ...cardMembers.map((m) => m.user_id),
        ...cardComments.map((c) => c.author_id),
        ...cardActivity.map((a) => a.actor_id),
        ...todoAssignees.flatMap((a) => [a.user_id, a.owner_id]),
        ...eventGuests.flatMap((g) => [g.user_id, g.owner_id]),
        ...invitations.flatMap((i) => [i.user_id, i.owner_id]),
      ]);
      const tagRef = (row: { position: number; built_in: string | null; tag_id: number | null }) => ({
        position: row.position,
        builtIn: row.built_in,
        tagId: row.tag_id === null ? null : String(row.tag_id),
      });

      const data: YourDataExport = {
        exportedAt: new Date().toISOString(),
        format: EXPORT_FORMAT,
        account: {
          ...presentAccount(user),
          active: bool(user.active),
          updatedAt: user.updated_at,
          picture: picture
            ? {
                dataUrl: `data:${picture.mime_type};base64,${Buffer.from(picture.content).toString('base64')}`,
                updatedAt: picture.updated_at,
              }
            : null,
          calendarFeed: feed ? { createdAt: feed.created_at } : null,
        },
        security: {
          sessions: sessions.map((s) => ({
            createdAt: s.created_at,
            expiresAt: s.expires_at,
            usedAt: s.used_at,
            revokedAt: s.revoked_at,
          })),
          passwordResets: resets.map((r) => ({
            createdAt: r.created_at,
            expiresAt: r.expires_at,
            usedAt: r.used_at,
          })),
          failedSignIns: failures.map((f) => ({ at: f.created_at })),
        },
        // A friendship is two rows, one each way: one entry per friend.
        friends: friendships
          .filter((f) => f.user_id === userId)
          .map((f) => ({ user: person(f.friend_id), since: f.created_at })),
        friendRequests: {
          sent: requests
            .filter((r) => r.from_user_id === userId)
            .map((r) => ({ _id: String(r.id), to: person(r.to_user_id), createdAt: r.created_at })),
          received: requests
            .filter((r) => r.to_user_id === userId)
            .map((r) => ({ _id: String(r.id), from: person(r.from_user_id), createdAt: r.created_at })),
        },
        groups: {
          owned: ownedGroups.map((g) => ({
            _id: String(g.id),
            name: g.name,
            createdAt: g.created_at,
            updatedAt: g.updated_at,
            members: groupMembers.filter((m) => m.group_id === g.id).map((m) => person(m.user_id)),
          })),
          memberOf: groupMembers
            .filter((m) => m.user_id === userId && m.owner_id !== userId)
            .map((m) => ({ _id: String(m.group_id), name: m.name, owner: person(m.owner_id) })),
        },
        tags: tags.map((t) => ({
          _id: String(t.id),
          name: t.name,
          color: t.color,
          createdAt: t.created_at,
          updatedAt: t.updated_at,
        })),
        boards: {
          owned: boards.map((b) => ({
            _id: String(b.id),
            name: b.name,
            description: b.description,
            status: b.status,
            createdAt: b.created_at,
            updatedAt: b.updated_at,
            members: boardMembers.filter((m) => m.board_id === b.id).map((m) => person(m.user_id)),
            lists: lists
              .filter((l) => l.board_id === b.id)
              .map((l) => ({
                _id: String(l.id),
                name: l.name,
                status: l.status,
                headerColor: l.header_color,
                position: l.position,
                createdAt: l.created_at,
                updatedAt: l.updated_at,
                items: items
                  .filter((i) => i.list_id === l.id)
                  .map((i) => ({
                    _id: String(i.id),
                    name: i.name,
                    description: i.description,
                    position: i.position,
                    createdAt: i.created_at,
                    updatedAt: i.updated_at,
                    checklist: checklist
                      .filter((c) => c.item_id === i.id)
                      .map((c) => ({
                        _id: String(c.id),
                        text: c.text,
                        done: bool(c.done),
                        createdAt: c.created_at,
                      })),
                    tags: cardTags
                      .filter((tag) => tag.item_id === i.id)
                      .map((tag) => ({ ...tagRef(tag), ...presentCardTag(tag) })),
                    dueAt: i.due_at,
                    dueComplete: bool(i.due_complete),
                    archived: bool(i.archived),
                    members: cardMembers.filter((m) => m.item_id === i.id).map((m) => person(m.user_id)),
                    comments: cardComments
                      .filter((c) => c.item_id === i.id)
                      .map((c) => ({
                        _id: String(c.id),
                        author: person(c.author_id),
                        text: c.body,
                        createdAt: c.created_at,
                        updatedAt: c.updated_at,
                      })),
                    activity: cardActivity
                      .filter((a) => a.item_id === i.id)
                      .map((a) => ({
                        _id: String(a.id),
                        actor: person(a.actor_id),
                        kind: a.kind,
                        detail: activityDetail(a.detail),
                        createdAt: a.created_at,
                      })),
                  })),
              })),
          })),
          memberOf: boardMembers
            .filter((m) => m.user_id === userId && m.owner_id !== userId)
            .map((m) => ({ _id: String(m.board_id), name: m.name, owner: person(m.owner_id) })),
          cardMemberships: elsewhere.memberships.map(place),
          comments: elsewhere.comments.map((c) => ({
            _id: String(c.id),
            ...place(c),
            text: c.body,
            createdAt: c.created_at,
            updatedAt: c.updated_at,
          })),
          activity: elsewhere.activity.map((a) => ({
            _id: String(a.id),
            ...place(a),
            kind: a.kind,
            detail: activityDetail(a.detail),
            createdAt: a.created_at,
          })),
        },
        goals: goals.map((g) => ({
          _id: String(g.id),
          title: g.title,
          description: g.description,
          startDate: g.start_date,
          endDate: g.end_date,
          timeline: g.timeline,
          time: g.time,
          dedicatedHours: g.dedicated_hours,
          isDone: bool(g.is_done),
          isProgress: bool(g.is_progress),
          isDeleted: bool(g.is_deleted),
          deletedAt: g.deleted_at,
          createdAt: g.created_at,
          updatedAt: g.updated_at,
          tags: goalTags.filter((t) => t.goal_id === g.id).map(tagRef),
          subGoals: subGoals
            .filter((s) => s.goal_id === g.id)
            .map((s) => ({
              _id: String(s.id),
              title: s.title,
              position: s.position,
              tasks: goalTasks
                .filter((t) => t.sub_objective_id === s.id)
                .map((t) => ({
                  _id: String(t.id),
                  text: t.text,
                  done: bool(t.done),
                  percentage: t.percentage,
                  position: t.position,
                })),
            })),
        })),
        todos: {
          owned: todos.map((t) => ({
            _id: String(t.id),
            title: t.title,
            description: t.description,
            dueDate: t.due_date,
            isImportant: bool(t.is_important),
            isCompleted: bool(t.is_completed),
            isDeleted: bool(t.is_deleted),
            repeatEvery: t.repeat_every,
            repeatUnit: t.repeat_unit,
            completedAt: t.completed_at,
            deletedAt: t.deleted_at,
            createdAt: t.created_at,
            updatedAt: t.updated_at,
            assignees: todoAssignees.filter((a) => a.todo_id === t.id).map((a) => person(a.user_id)),
            tags: todoTags.filter((tag) => tag.todo_id === t.id).map(tagRef),
          })),
          assignedToMe: todoAssignees
            .filter((a) => a.user_id === userId && a.owner_id !== userId)
            .map((a) => ({ _id: String(a.todo_id), title: a.title, owner: person(a.owner_id) })),
        },
        events: {
          owned: events.map((e) => ({
            _id: String(e.id),
            title: e.title,
            description: e.description,
            url: e.url,
            location: e.location,
            category: e.category,
            allDay: bool(e.all_day),
            start: e.start_at,
            end: e.end_at,
            timeZone: e.time_zone,
            recurrence: e.recurrence,
            reminder: e.reminder,
            uid: e.uid,
            createdAt: e.created_at,
            updatedAt: e.updated_at,
            guests: eventGuests.filter((g) => g.event_id === e.id).map((g) => person(g.user_id)),
            exceptions: eventExceptions
              .filter((x) => x.event_id === e.id)
              .map((x) => ({
                occurrence: x.occurrence_at,
                kind: x.kind,
                title: x.title,
                description: x.description,
                url: x.url,
                location: x.location,
                category: x.category,
                allDay: x.all_day === null ? null : bool(x.all_day),
                start: x.start_at,
                end: x.end_at,
                reminder: x.reminder,
              })),
          })),
          guestOf: eventGuests
            .filter((g) => g.user_id === userId && g.owner_id !== userId)
            .map((g) => ({
              _id: String(g.event_id),
              title: g.title,
              start: g.start_at,
              end: g.end_at,
              owner: person(g.owner_id),
            })),
        },
        calendarEntries: entries.map((e) => ({
          kind: e.kind,
          sourceId: String(e.source_id),
          start: e.start_at,
          end: e.end_at,
        })),
        meetings: {
          organised: meetings.map((m) => ({
            _id: String(m.id),
            name: m.name,
            description: m.description,
            duration: m.duration,
            startDate: m.start_date,
            endDate: m.end_date,
            link: m.link,
            time: m.time,
            step: m.step,
            timeZone: m.time_zone,
            state: m.state,
            completed: bool(m.completed),
            uid: m.uid,
            sequence: m.sequence,
            createdAt: m.created_at,
            updatedAt: m.updated_at,
            invitations: invitations
              .filter((i) => i.meeting_id === m.id)
              .map((i) => ({
                user: person(i.user_id),
                status: i.status,
                answeredAt: i.answered_at,
                createdAt: i.created_at,
              })),
          })),
          invitations: invitations
            .filter((i) => i.user_id === userId && i.owner_id !== userId)
            .map((i) => ({
              meetingId: String(i.meeting_id),
              name: i.name,
              time: i.time,
              organiser: person(i.owner_id),
              status: i.status,
              answeredAt: i.answered_at,
              createdAt: i.created_at,
            })),
        },
        notifications: notifications.map((n) => ({
          _id: String(n.id),
          kind: n.kind,
          sourceId: String(n.source_id),
          title: n.title,
          at: n.occurrence_at,
          isRead: bool(n.is_read),
          createdAt: n.created_at,
        })),
        reminders: reminders.map((r) => ({
          _id: String(r.id),
          kind: r.kind,
          sourceId: String(r.source_id),
          fireAt: r.fire_at,
          occurrenceAt: r.occurrence_at,
        })),
        workingHours:
          user.working_hours === null ? null : (JSON.parse(user.working_hours) as WorkingInterval[]),
        billingRequests: billing.map((b) => ({
          _id: String(b.id),
          plan: b.plan,
          currency: b.currency,
          users: b.users,
          amountCents: b.amount_cents,
          status: b.status,
          paidUntil: b.paid_until,
          createdAt: b.created_at,
        })),
        chats: chats.map((c) => {
          const group = c.group_id === null ? undefined : chatGroups.get(c.group_id);
          const read = lastRead.get(c.id);
          return {
            _id: String(c.id),
            kind: c.group_id === null ? ('direct' as const) : ('group' as const),
            with: c.group_id === null ? person(c.user_a === userId ? c.user_b! : c.user_a!) : null,
            group: group ? { _id: String(group.id), name: group.name } : null,
            participant: participating.has(c.id),
            lastReadId: read === undefined ? null : String(read),
            createdAt: c.created_at,
          };
        }),
        messages: chatMessages.map((m) => ({
          _id: String(m.id),
          chatId: String(m.chat_id),
          sender: person(m.sender_id),
          message: m.body,
          createdAt: m.created_at,
        })),
      };
      return { username: user.username, data };
    });
  }

  /**
   * Deletes the account once the password is confirmed. A wrong password changes nothing (as for
   * the change of password); guessing is held back by the route's per-address limit, the same as
   * sign-in's. The operator cannot leave: the next account would silently become the instance's
   * operator (D7).
   */
  async deleteAccount(userId: number, input: DeleteAccountInput): Promise<void> {
    const { db } = this.deps;
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound();
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw badRequest('WRONG_PASSWORD', 'account.passwordWrong', {
        password: messages['account.passwordWrong'],
      });
    }
    if (await this.deps.auth.isOperator(user)) {
      throw forbidden('OPERATOR_CANNOT_DELETE', 'account.operatorCannotDelete');
    }
    // A deadlock with a concurrent write (PostgreSQL picks one of the two to fail) rolls the whole
    // deletion back: it is tried again, a bounded number of times.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await db.transaction().execute((trx) => this.removeEverything(trx, userId, user.email));
        return;
      } catch (error) {
        if (attempt >= DELETE_ATTEMPTS || !isRetryableConflict(error)) throw error;
        this.deps.log.warn({ err: error, attempt }, 'the account deletion met a concurrent write; again');
      }
    }
  }

  private async removeEverything(trx: Db, userId: number, email: string): Promise<void> {
    const at = iso(Date.now());
    // The boards the user owns or is a member of are locked first, in id order, as a board write
    // locks its board before anything else: a write in flight finishes first, a later one waits
    // and finds the board gone, and no write holds a board while waiting for a row of ours.
    await this.deps.engine
      .forUpdate(
        trx
          .selectFrom('boards')
          .select('id')
          .where((eb) =>
            eb.or([
              eb('owner_id', '=', userId),
              eb('id', 'in', eb.selectFrom('board_members').select('board_id').where('user_id', '=', userId)),
            ]),
          )
          .orderBy('id'),
      )
      .execute();
    // Writes that add to the user's things (a board, an event) wait for this lock or see it gone.
    await this.deps.engine.forUpdate(trx.selectFrom('users').select('id').where('id', '=', userId)).execute();

    // ---- What others see of the user's things, and where the user sits in theirs.
    const ownedEvents = trx.selectFrom('events').select('id').where('owner_id', '=', userId);
    const ownedMeetings = trx.selectFrom('meetings').select('id').where('owner_id', '=', userId);
    const ownedTodos = trx.selectFrom('todos').select('id').where('owner_id', '=', userId);
    const calendarPeople = await trx
      .selectFrom('event_guests')
      .innerJoin('events', 'events.id', 'event_guests.event_id')
      .select(['event_guests.user_id', 'events.owner_id'])
      .where((eb) =>
        eb.or([
          eb('events.owner_id', '=', userId),
          eb(
            'event_guests.event_id',
            'in',
            trx.selectFrom('event_guests').select('event_id').where('user_id', '=', userId),
          ),
        ]),
      )
      .execute();
    const meetingPeople = await trx
      .selectFrom('meeting_invitations')
      .innerJoin('meetings', 'meetings.id', 'meeting_invitations.meeting_id')
      .select(['meeting_invitations.user_id', 'meetings.owner_id'])
      .where((eb) =>
        eb.or([
          eb('meetings.owner_id', '=', userId),
          eb(
            'meeting_invitations.meeting_id',
            'in',
            trx.selectFrom('meeting_invitations').select('meeting_id').where('user_id', '=', userId),
          ),
        ]),
      )
      .execute();
    const todoPeople = await trx
      .selectFrom('todo_assignees')
      .innerJoin('todos', 'todos.id', 'todo_assignees.todo_id')
      .select(['todo_assignees.user_id', 'todos.owner_id'])
      .where((eb) =>
        eb.or([
          eb('todos.owner_id', '=', userId),
          eb(
            'todo_assignees.todo_id',
            'in',
            trx.selectFrom('todo_assignees').select('todo_id').where('user_id', '=', userId),
          ),
        ]),
      )
      .execute();
    const sharedBoards = await trx
      .selectFrom('boards')
      .innerJoin('board_members', 'board_members.board_id', 'boards.id')
      .select(['boards.id', 'boards.name', 'board_members.user_id'])
      .where('boards.owner_id', '=', userId)
      .where('board_members.user_id', '!=', userId)
      .orderBy('boards.id')
      .execute();
    const joinedBoards = await trx
      .selectFrom('board_members')
      .innerJoin('boards', 'boards.id', 'board_members.board_id')
      .select('boards.id')
      .where('board_members.user_id', '=', userId)
      .where('boards.owner_id', '!=', userId)
      .execute();
    // Others' boards whose cards show the user: their comments, their card memberships, their own
    // tags put on a card (on a board they may since have left).
    const touchedBoards = await trx
      .selectFrom('item_comments')
      .select('board_id')
      .where('author_id', '=', userId)
      .union(trx.selectFrom('item_members').select('board_id').where('user_id', '=', userId))
      .union(
        trx
          .selectFrom('item_tags')
          .select('board_id')
          .where('tag_id', 'in', trx.selectFrom('tags').select('id').where('user_id', '=', userId)),
      )
      .execute();

    // Other people's calendars, reminders and notifications that point at the user's events,
    // meetings and tasks (no foreign key can: `source_id` names one table or another by `kind`).
    await trx
      .deleteFrom('calendar_entries')
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'event'), eb('source_id', 'in', ownedEvents)]),
          eb.and([eb('kind', '=', 'meeting'), eb('source_id', 'in', ownedMeetings)]),
        ]),
      )
      .execute();
    await trx
      .deleteFrom('reminders')
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'event'), eb('source_id', 'in', ownedEvents)]),
          eb.and([eb('kind', '=', 'todo'), eb('source_id', 'in', ownedTodos)]),
        ]),
      )
      .execute();
    await trx
      .deleteFrom('notifications')
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'event'), eb('source_id', 'in', ownedEvents)]),
          eb.and([eb('kind', '=', 'todo'), eb('source_id', 'in', ownedTodos)]),
          eb.and([eb('kind', '=', 'meeting'), eb('source_id', 'in', ownedMeetings)]),
        ]),
      )
      .execute();

    // The boards the user shared pass to no one: each member is told, by the board's name, since
    // the board itself is gone.
    if (sharedBoards.length > 0) {
      await trx
        .insertInto('notifications')
        .values(
          sharedBoards.map((board) => ({
            user_id: board.user_id,
            kind: 'board-deleted' as const,
            source_id: board.id,
            title: board.name,
            occurrence_at: at,
            is_read: false,
            mail_state: 'none' as const,
            created_at: at,
          })),
        )
        .execute();
    }

    // Owned things, children first where no cascade would follow (every foreign key of these
    // tables cascades, but the order keeps it correct without relying on that).
    await trx.deleteFrom('boards').where('owner_id', '=', userId).execute();
    await trx.deleteFrom('board_members').where('user_id', '=', userId).execute();
    // Their comments, card memberships and history lines on others' boards (their tags' places
    // on cards go with the tags, below).
    await trx.deleteFrom('item_comments').where('author_id', '=', userId).execute();
    await trx.deleteFrom('item_members').where('user_id', '=', userId).execute();
    await trx.deleteFrom('item_activity').where('actor_id', '=', userId).execute();
    const changedBoards = [
      ...new Set([...joinedBoards.map((board) => board.id), ...touchedBoards.map((row) => row.board_id)]),
    ];
    if (changedBoards.length > 0) {
      // Their member lists or cards changed: readers' cached copies (keyed on the version) must go.
      await trx
        .updateTable('boards')
        .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
        .where('id', 'in', changedBoards)
        .execute();
    }
    // Their direct chats and their groups' chats go whole; their messages leave the others' chats.
    const goneChats = trx
      .selectFrom('chats')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('user_a', '=', userId),
          eb('user_b', '=', userId),
          eb('group_id', 'in', trx.selectFrom('groups').select('id').where('owner_id', '=', userId)),
        ]),
      );
    await trx.deleteFrom('chat_reads').where('chat_id', 'in', goneChats).execute();
    await trx.deleteFrom('chat_reads').where('user_id', '=', userId).execute();
    await trx.deleteFrom('chat_messages').where('chat_id', 'in', goneChats).execute();
    await trx.deleteFrom('chat_messages').where('sender_id', '=', userId).execute();
    await trx.deleteFrom('chats').where('id', 'in', goneChats).execute();
    await trx.deleteFrom('goals').where('user_id', '=', userId).execute();
    await trx.deleteFrom('todo_assignees').where('user_id', '=', userId).execute();
    await trx.deleteFrom('todos').where('owner_id', '=', userId).execute();
    await trx.deleteFrom('event_guests').where('user_id', '=', userId).execute();
    await trx.deleteFrom('events').where('owner_id', '=', userId).execute();
    await trx.deleteFrom('meeting_invitations').where('user_id', '=', userId).execute();
    await trx.deleteFrom('meetings').where('owner_id', '=', userId).execute();
    await trx.deleteFrom('group_members').where('user_id', '=', userId).execute();
    await trx.deleteFrom('groups').where('owner_id', '=', userId).execute();
    await trx.deleteFrom('tags').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('friendships')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
      .execute();
    await trx
      .deleteFrom('friend_requests')
      .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
      .execute();
    for (const table of [
      'calendar_entries',
      'reminders',
      'notifications',
      'calendar_feeds',
      'billing_requests',
      'avatars',
      'list_versions',
      'password_resets',
      'account_unlocks',
      // Their sessions end: a refresh token finds no row, an access token no user (authenticate.ts).
      'refresh_tokens',
    ] as const) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    await trx.deleteFrom('login_failures').where('email', '=', email).execute();
    // Mail to the address, sent or not: nothing more goes to it, and no copy of what went stays.
    await trx.deleteFrom('mail_outbox').where('to_address', '=', email).execute();

    // Everyone whose lists showed the user (as guest, invitee, assignee, owner) reads them afresh.
    const others = (rows: { user_id: number; owner_id: number }[]) =>
      rows.flatMap((row) => [row.user_id, row.owner_id]).filter((id) => id !== userId);
    await bumpListVersions(trx, [...others(calendarPeople), ...others(meetingPeople)], 'calendar');
    await bumpListVersions(trx, others(todoPeople), 'todos');

    await trx.deleteFrom('users').where('id', '=', userId).execute();
  }
}

/** How many times an account deletion is tried when a concurrent write makes it fail. */
const DELETE_ATTEMPTS = 3;

/** PostgreSQL's deadlock and serialization failures: the transaction may simply run again. */
function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
