/**
 * Demo data for a first start (D6): the operator `admin` and a `client`, whose credentials the
 * README and the login page show, two more people so that friends, a pending request and a group
 * can be seen at once, two boards, one shared, whose cards carry tags, due dates (one overdue, one
 * due within the day, one done), members, a conversation and their history, three goals in different states, a dozen to-dos, some
 * assigned between the admin and the client, more completed over the last weeks, a month of
 * calendar events, working hours, a meeting the admin organises with the client invited and one to
 * which Maria invites the admin. Runs only on an empty database.
 */
import {
  DEFAULT_ITEM_DESCRIPTION,
  demoAccounts,
  type EventCategory,
  isBuiltInTagName,
  type ItemActivity,
} from '@cadence/contract';
import type { Db } from './db';
import { POSITION_GAP } from './db/migrations/0015-board-cards';
import { hashPassword } from './lib/passwords';
import { newDavName } from './lib/list-versions';
import { randomToken } from './lib/tokens';
import { addMeetingEntries } from './modules/calendar/meeting-entries';
import { writeEntries } from './modules/calendar/entries';
import { notify } from './modules/notifications/notify';
import { syncEventReminders } from './modules/notifications/reminders';
import { transaction } from './db/transaction';

/** People who only exist to be befriended; nobody knows their passwords. */
const demoPeople = [
  {
    username: 'maria',
    email: 'maria@demo.cadence.app',
    fullName: 'Maria Silva',
    country: 'Portugal',
    city: 'Lisbon',
  },
  { username: 'sam', email: 'sam@demo.cadence.app', fullName: 'Sam Lee', country: 'Canada', city: 'Toronto' },
] as const;

/** Seeds when no user exists yet; answers whether it did. */
export async function seedDemo(db: Db): Promise<boolean> {
  const hashes = await Promise.all([
    ...demoAccounts.map((account) => hashPassword(account.password)),
    ...demoPeople.map(() => hashPassword(randomToken())),
  ]);
  return transaction(db, async (trx) => {
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const now = new Date().toISOString();
    const people = [
      ...demoAccounts.map((a) => ({
        ...a,
        country: a.role === 'admin' ? 'United Kingdom' : 'France',
        city: '',
      })),
      ...demoPeople.map((p) => ({ ...p, role: 'admin' })),
    ];
    // One by one, so that ids follow the list and the admin is the first account (the operator).
    const ids: number[] = [];
    for (const [index, person] of people.entries()) {
      const row = await trx
        .insertInto('users')
        .values({
          username: person.username,
          email: person.email,
          full_name: person.fullName,
          password_hash: hashes[index] ?? '',
          role: person.role,
          country: person.country,
          city: person.city,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const [admin, client, maria, sam] = ids as [number, number, number, number];
    const friends: Array<[number, number]> = [
      [admin, client],
      [admin, maria],
    ];
    for (const [a, b] of friends) {
      await trx
        .insertInto('friendships')
        .values([
          { user_id: a, friend_id: b, created_at: now },
          { user_id: b, friend_id: a, created_at: now },
        ])
        .execute();
    }
    await trx
      .insertInto('friend_requests')
      .values({ from_user_id: sam, to_user_id: admin, created_at: now })
      .execute();
    const group = await trx
      .insertInto('groups')
      .values({ owner_id: admin, name: 'Core team', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('group_members')
      .values([
        { group_id: group.id, user_id: client },
        { group_id: group.id, user_id: maria },
      ])
      .execute();
    await seedBoards(trx, now, { admin, client, maria });
    await seedGoals(trx, now, admin);
    await seedTodos(trx, now, { admin, client });
    await seedEvents(trx, now, { admin, client });
    await seedMeetings(trx, now, { admin, client, maria });
    await seedChats(trx, { admin, client, maria, group: group.id });
    return true;
  });
}

type BoardPerson = 'admin' | 'client' | 'maria';

/** The admin's own tag (D14), on a card of the shared board beside the built-ins. */
const demoOwnTag = { name: 'Marketing', color: '#e64980' };

interface DemoItem {
  name: string;
  todos: ReadonlyArray<readonly [string, boolean]>;
  /** Built-in names, or the admin's own tag by its name. */
  tags?: readonly string[];
  /** Hours from the seed (negative: past), and whether it is done. */
  due?: { hours: number; complete?: boolean };
  members?: readonly BoardPerson[];
  comments?: ReadonlyArray<readonly [author: BoardPerson, minutesAgo: number, text: string]>;
  /** The list it was created in before someone moved it here, and who. */
  movedFrom?: { list: string; by: BoardPerson };
}

/**
 * Two boards for the demo admin: one shared with the client and Maria (D17), one private. Cards on
 * the shared one show what a card can carry: tags, a due date overdue, due within the day or done,
 * members, comments by three people, and (from how they came to be) their history.
 */
const demoBoards: ReadonlyArray<{
  name: string;
  description: string;
  shared: boolean;
  lists: ReadonlyArray<{ name: string; color: string; items: readonly DemoItem[] }>;
}> = [
  {
    name: 'Product launch',
    description: 'Everything between the idea and the release.',
    shared: true,
    lists: [
      {
        name: 'To do',
        color: 'purple',
        items: [
          {
            name: 'Write the release notes',
            todos: [
              ['Draft', true],
              ['Review with Maria', false],
            ],
            tags: ['high', 'team'],
            due: { hours: 20 },
            members: ['admin', 'maria'],
            comments: [
              ['maria', 180, 'I added the pricing changes to the draft.'],
              ['client', 95, 'Could we mention the new data export too?'],
              ['admin', 40, 'Good idea, adding it now. Maria, can you review tonight?'],
            ],
          },
          {
            name: 'Record the demo video',
            todos: [['Script', false]],
            tags: [demoOwnTag.name],
            due: { hours: -30 },
            members: ['client'],
          },
        ],
      },
      {
        name: 'Doing',
        color: 'orange',
        items: [
          {
            name: 'Pricing page',
            todos: [
              ['Copy', true],
              ['Design', true],
              ['Translate', false],
            ],
            tags: ['medium', demoOwnTag.name],
            due: { hours: 24 * 6 },
            members: ['admin', 'client'],
          },
        ],
      },
      {
        name: 'Done',
        color: 'green',
        items: [
          {
            name: 'Beta sign-up form',
            todos: [],
            tags: ['update'],
            due: { hours: -24 * 5, complete: true },
            members: ['client'],
            movedFrom: { list: 'Doing', by: 'client' },
          },
        ],
      },
    ],
  },
  {
    name: 'Home',
    description: 'Errands and plans.',
    shared: false,
    lists: [
      {
        name: 'This week',
        color: 'blue',
        items: [
          { name: 'Book the dentist', todos: [], tags: ['high'], due: { hours: 24 * 3 } },
          {
            name: 'Plan the weekend trip',
            todos: [
              ['Trains', false],
              ['Hotel', false],
            ],
          },
        ],
      },
      { name: 'Later', color: 'teal', items: [{ name: 'Repaint the hallway', todos: [] }] },
    ],
  },
];

/**
 * Rows written as the board's service would write them: gapped positions, each card's history
 * ("created" in its first list, then any move), its tags, due date, members and comments. The
 * cards were made two days before the seed; comments and the move came since.
 */
async function seedBoards(trx: Db, now: string, people: Record<BoardPerson, number>): Promise<void> {
  const at = (minutesAgo: number) => new Date(Date.parse(now) - minutesAgo * 60_000).toISOString();
  const created = at(2 * 24 * 60);
  const ownTag = await trx
    .insertInto('tags')
    .values({ user_id: people.admin, ...demoOwnTag, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const demo of demoBoards) {
    const board = await trx
      .insertInto('boards')
      .values({
        owner_id: people.admin,
        name: demo.name,
        description: demo.description,
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (demo.shared) {
      await trx
        .insertInto('board_members')
        .values([people.client, people.maria].map((user_id) => ({ board_id: board.id, user_id })))
        .execute();
    }
    for (const [listPosition, list] of demo.lists.entries()) {
      const row = await trx
        .insertInto('board_lists')
        .values({
          board_id: board.id,
          name: list.name,
          status: 'active',
          header_color: list.color,
          position: listPosition * POSITION_GAP,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [itemPosition, item] of list.items.entries()) {
        const itemRow = await trx
          .insertInto('board_items')
          .values({
            board_id: board.id,
            list_id: row.id,
            name: item.name,
            description: DEFAULT_ITEM_DESCRIPTION,
            position: itemPosition * POSITION_GAP,
            due_at: item.due ? at(-item.due.hours * 60) : null,
            due_complete: item.due?.complete ?? false,
            created_at: created,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const card = { board_id: board.id, item_id: itemRow.id };
        for (const [text, done] of item.todos) {
          await trx
            .insertInto('item_todos')
            .values({ ...card, text, done, created_at: created })
            .execute();
        }
        if (item.tags) {
          await trx
            .insertInto('item_tags')
            .values(
              item.tags.map((name, position) =>
                isBuiltInTagName(name)
                  ? { ...card, position, built_in: name, tag_id: null }
                  : { ...card, position, built_in: null, tag_id: ownTag.id },
              ),
            )
            .execute();
        }
        if (item.members) {
          await trx
            .insertInto('item_members')
            .values(item.members.map((member) => ({ ...card, user_id: people[member] })))
            .execute();
        }
        for (const [author, minutesAgo, body] of item.comments ?? []) {
          const written = at(minutesAgo);
          await trx
            .insertInto('item_comments')
            .values({ ...card, author_id: people[author], body, created_at: written, updated_at: written })
            .execute();
        }
        const history: Array<{
          actor: BoardPerson;
          kind: 'created' | 'moved';
          detail: ItemActivity['detail'];
          at: string;
        }> = [
          { actor: 'admin', kind: 'created', detail: { to: item.movedFrom?.list ?? list.name }, at: created },
        ];
        if (item.movedFrom) {
          history.push({
            actor: item.movedFrom.by,
            kind: 'moved',
            detail: { from: item.movedFrom.list, to: list.name },
            at: at(24 * 60),
          });
        }
        await trx
          .insertInto('item_activity')
          .values(
            history.map((line) => ({
              ...card,
              actor_id: people[line.actor],
              kind: line.kind,
              detail: JSON.stringify(line.detail),
              created_at: line.at,
            })),
          )
          .execute();
      }
    }
  }
}

/** Three goals for the demo admin: one open, one in progress, one done, each with weighted tasks. */
const demoGoals = [
  {
    title: 'Run a half marathon',
    description: 'Finish in under two hours.',
    dates: ['2026-09-01', '2026-12-20'],
    timeline: 'quarter',
    time: 'morning',
    hours: 4,
    tags: ['high', 'update'],
    state: 'progress',
    subObjectives: [
      {
        title: 'Build the base',
        tasks: [
          ['Run 20 km a week', true, 20],
          ['Run 35 km a week', false, 30],
        ],
      },
      {
        title: 'Race',
        tasks: [
          ['Register for the race', true, 10],
          ['Run it', false, 40],
        ],
      },
    ],
  },
  {
    title: 'Learn Portuguese',
    description: 'Hold a conversation with Maria.',
    dates: ['2026-10-01', '2027-03-31'],
    timeline: 'year',
    time: 'evening',
    hours: 2,
    tags: ['medium'],
    state: 'open',
    subObjectives: [
      {
        title: 'Basics',
        tasks: [
          ['Finish the beginner course', false, 60],
          ['Learn 500 words', false, 40],
        ],
      },
    ],
  },
  {
    title: 'Ship the product launch',
    description: 'The board says how.',
    dates: ['2026-06-01', '2026-08-31'],
    timeline: 'quarter',
    time: 'anytime',
    hours: 10,
    tags: ['team', 'high'],
    state: 'done',
    subObjectives: [
      {
        title: 'Release',
        tasks: [
          ['Beta with ten users', true, 50],
          ['Public release', true, 50],
        ],
      },
    ],
  },
] as const;

async function seedGoals(trx: Db, now: string, owner: number): Promise<void> {
  for (const demo of demoGoals) {
    const goal = await trx
      .insertInto('goals')
      .values({
        user_id: owner,
        title: demo.title,
        description: demo.description,
        start_date: demo.dates[0],
        end_date: demo.dates[1],
        timeline: demo.timeline,
        time: demo.time,
        dedicated_hours: demo.hours,
        is_done: demo.state === 'done',
        is_progress: demo.state === 'progress',
        is_deleted: false,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('goal_tags')
      .values(demo.tags.map((built_in, position) => ({ goal_id: goal.id, position, built_in, tag_id: null })))
      .execute();
    for (const [position, sub] of demo.subObjectives.entries()) {
      const row = await trx
        .insertInto('goal_sub_objectives')
        .values({ goal_id: goal.id, title: sub.title, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('goal_tasks')
        .values(
          sub.tasks.map(([text, done, percentage], index) => ({
            goal_id: goal.id,
            sub_objective_id: row.id,
            text,
            done,
            percentage,
            position: index,
          })),
        )
        .execute();
    }
  }
}

/**
 * A dozen tasks across the tags, some the admin assigned to the client and one the other way, one
 * completed today; then ten the admin completed over the last seven weeks (the dashboard's chart).
 */
const demoTodos: {
  title: string;
  owner: 'admin' | 'client';
  tags: string[];
  due?: number;
  important?: boolean;
  /** Completed this many days before the seed (the dashboard's weeks). */
  completedDaysAgo?: number;
  assignee?: 'admin' | 'client';
  repeat?: { every: number; unit: string };
}[] = [
  { title: 'Prepare the launch checklist', owner: 'admin', tags: ['high', 'team'], due: 0, important: true },
  { title: 'Review the pricing page copy', owner: 'admin', tags: ['medium'], due: 2, assignee: 'client' },
  { title: 'Book the team dinner', owner: 'admin', tags: ['team', 'low'], due: 7 },
  {
    title: 'Send the weekly update',
    owner: 'admin',
    tags: ['update'],
    due: 1,
    repeat: { every: 1, unit: 'week' },
  },
  { title: 'Fix the invoice template', owner: 'admin', tags: ['high'], due: -1, assignee: 'client' },
  { title: 'Renew the domain', owner: 'admin', tags: ['low'], due: 30 },
  { title: 'Call the accountant', owner: 'admin', tags: ['medium'], completedDaysAgo: 0 },
  {
    title: 'Back up the laptop',
    owner: 'admin',
    tags: ['low'],
    repeat: { every: 1, unit: 'month' },
    due: 10,
  },
  { title: 'Write the release notes', owner: 'admin', tags: ['update', 'high'], due: 3, important: true },
  { title: 'Order new business cards', owner: 'admin', tags: [] },
  { title: 'Test the mobile layout', owner: 'client', tags: ['team'], due: 2, assignee: 'admin' },
  { title: 'Read the onboarding guide', owner: 'client', tags: ['low'], completedDaysAgo: 2 },
  // What the admin finished over the last weeks: the dashboard's chart.
  ...(
    [
      ['Set up the staging server', 3],
      ['Draft the press release', 5],
      ['Interview the designer', 9],
      ['Update the privacy policy', 12],
      ['Migrate the mailing list', 16],
      ['Plan the beta feedback session', 20],
      ['Clean up the backlog', 26],
      ['Renew the certificate', 33],
      ['Write the onboarding e-mails', 40],
      ['Choose the analytics tool', 47],
    ] as const
  ).map(([title, completedDaysAgo]) => ({
    title,
    owner: 'admin' as const,
    tags: ['team'],
    completedDaysAgo,
  })),
];

async function seedTodos(trx: Db, now: string, people: { admin: number; client: number }): Promise<void> {
  const today = new Date(now);
  const dayFromNow = (days: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days))
      .toISOString()
      .slice(0, 10);
  for (const demo of demoTodos) {
    const todo = await trx
      .insertInto('todos')
      .values({
        owner_id: people[demo.owner],
        title: demo.title,
        description: '',
        dav_name: newDavName(),
        due_date: demo.due === undefined ? null : dayFromNow(demo.due),
        is_important: demo.important ?? false,
        is_completed: demo.completedDaysAgo !== undefined,
        completed_at:
          demo.completedDaysAgo === undefined
            ? null
            : new Date(today.getTime() - demo.completedDaysAgo * 86_400_000).toISOString(),
        is_deleted: false,
        repeat_every: demo.repeat?.every ?? null,
        repeat_unit: demo.repeat?.unit ?? null,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (demo.tags.length > 0) {
      await trx
        .insertInto('todo_tags')
        .values(
          demo.tags.map((built_in, position) => ({ todo_id: todo.id, position, built_in, tag_id: null })),
        )
        .execute();
    }
    if (demo.assignee) {
      await trx
        .insertInto('todo_assignees')
        .values({ todo_id: todo.id, user_id: people[demo.assignee] })
        .execute();
    }
  }
}

/**
 * A month of the demo admin's events around today (D21's five categories), in UTC: a weekly
 * meeting with a reminder, one with the client as guest, all-day ones, and evenings.
 */
const demoEvents: Array<{
  title: string;
  category: EventCategory;
  /** Days from this week's Monday, and the hour and length in hours; allDay: days long. */
  day: number;
  hour?: number;
  hours?: number;
  days?: number;
  recurrence?: string;
  reminder?: number;
  withClient?: boolean;
  location?: string;
}> = [
  {
    title: 'Weekly team meeting',
    category: 'Business',
    day: -14,
    hour: 9,
    hours: 1,
    recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    reminder: 15,
    location: 'Room 4',
  },
  {
    title: 'Product demo with the client',
    category: 'Business',
    day: 2,
    hour: 14,
    hours: 1,
    withClient: true,
  },
  { title: 'Gym', category: 'Personal', day: 1, hour: 7, hours: 1 },
  { title: 'Dentist', category: 'Personal', day: 3, hour: 16, hours: 0.5, location: 'Rua Augusta 12' },
  { title: 'Family dinner', category: 'Family', day: 5, hour: 19, hours: 2.5 },
  { title: 'Quarterly planning', category: 'Business', day: 8, hour: 10, hours: 2 },
  { title: 'Bank holiday', category: 'Holiday', day: 11, days: 1 },
  { title: 'Design conference', category: 'ETC', day: 15, days: 3, location: 'Lisbon' },
  { title: 'Birthday party', category: 'Family', day: 19, hour: 18, hours: 4 },
  { title: 'Summer holidays', category: 'Holiday', day: 24, days: 5 },
];

async function seedEvents(trx: Db, now: string, people: { admin: number; client: number }): Promise<void> {
  const today = new Date(now);
  const monday = Date.UTC(
    today.getUTCFullYear(),
    today.getUTCMonth(),
    today.getUTCDate() - ((today.getUTCDay() + 6) % 7),
  );
  const hour = 3_600_000;
  for (const demo of demoEvents) {
    const dayStart = monday + demo.day * 24 * hour;
    const [start, end] = demo.days
      ? [dayStart, dayStart + demo.days * 24 * hour]
      : [dayStart + (demo.hour ?? 9) * hour, dayStart + ((demo.hour ?? 9) + (demo.hours ?? 1)) * hour];
    const { id } = await trx
      .insertInto('events')
      .values({
        owner_id: people.admin,
        title: demo.title,
        description: '',
        url: '',
        location: demo.location ?? '',
        category: demo.category,
        all_day: demo.days !== undefined,
        start_at: new Date(start).toISOString(),
        end_at: new Date(end).toISOString(),
        time_zone: 'UTC',
        recurrence: demo.recurrence ?? null,
        reminder: demo.reminder ?? null,
        uid: `${randomToken()}@cadence`,
        dav_name: newDavName(),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const guests = demo.withClient ? [people.client] : [];
    if (guests.length > 0) {
      await trx
        .insertInto('event_guests')
        .values(guests.map((user_id) => ({ event_id: id, user_id })))
        .execute();
    }
    const row = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await writeEntries(trx, row, [people.admin, ...guests]);
    await syncEventReminders(trx, id);
  }
}

/** Working hours (D22) by person, in their zone (UTC for the demo accounts). */
const demoHours = {
  admin: [
    ...(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).flatMap((day) => [
      { day, from: '09:00', to: '12:00' },
      { day, from: '13:00', to: '17:30' },
    ]),
  ],
  client: [
    ...(['monday', 'tuesday', 'wednesday', 'thursday'] as const).map((day) => ({
      day,
      from: '08:00',
      to: '16:00',
    })),
    { day: 'friday', from: '08:00', to: '12:00' },
  ],
};

/**
 * Next week: the admin's "Roadmap review" with the client invited (pending), and Maria's "Lisbon
 * office visit" with the admin invited (pending), each with its time on the organiser's calendar
 * and a notification for the invitee.
 */
async function seedMeetings(
  trx: Db,
  now: string,
  people: { admin: number; client: number; maria: number },
): Promise<void> {
  for (const [who, hours] of Object.entries(demoHours)) {
    await trx
      .updateTable('users')
      .set({ working_hours: JSON.stringify(hours) })
      .where('id', '=', people[who as keyof typeof demoHours])
      .execute();
  }
  const today = new Date(now);
  const nextMonday = Date.UTC(
    today.getUTCFullYear(),
    today.getUTCMonth(),
    today.getUTCDate() - ((today.getUTCDay() + 6) % 7) + 7,
  );
  const day = (offset: number) => new Date(nextMonday + offset * 86_400_000).toISOString().slice(0, 10);
  const at = (offset: number, hour: number) => new Date(nextMonday + (offset * 24 + hour) * 3_600_000);
  const meetings = [
    {
      owner: people.admin,
      invitee: people.client,
      name: 'Roadmap review',
      description: 'Where the product goes next quarter, and what the client needs first.',
      duration: 45,
      time: at(2, 10),
      link: 'https://meet.jit.si/cadence-roadmap-review',
    },
    {
      owner: people.maria,
      invitee: people.admin,
      name: 'Lisbon office visit',
      description: 'A tour of the new office and lunch with the team.',
      duration: 60,
      time: at(3, 14),
      link: '',
    },
  ];
  for (const meeting of meetings) {
    const time = meeting.time.toISOString();
    const { id } = await trx
      .insertInto('meetings')
      .values({
        owner_id: meeting.owner,
        name: meeting.name,
        description: meeting.description,
        duration: meeting.duration,
        start_date: day(0),
        end_date: day(4),
        link: meeting.link,
        time,
        step: 15,
        time_zone: 'UTC',
        state: 'active',
        completed: false,
        uid: `${randomToken()}@cadence`,
        sequence: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('meeting_invitations')
      .values({
        meeting_id: id,
        user_id: meeting.invitee,
        status: 'pending',
        answered_at: null,
        created_at: now,
      })
      .execute();
    await addMeetingEntries(trx, id, {
      userIds: [meeting.owner],
      start: time,
      end: new Date(meeting.time.getTime() + meeting.duration * 60_000).toISOString(),
    });
    await notify(
      trx,
      [{ userId: meeting.invitee, kind: 'meeting', sourceId: id, title: meeting.name, at: time }],
      now,
    );
  }
}

/**
 * Chat (D37): the admin's direct chat with Maria over the last two days, her last message not read
 * yet, and the "Core team" group's chat, read up to its end.
 */
async function seedChats(
  trx: Db,
  people: { admin: number; client: number; maria: number; group: number },
): Promise<void> {
  const { admin, client, maria, group } = people;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const chats: Array<{
    values: { user_a: number; user_b: number } | { group_id: number };
    messages: Array<[sender: number, minutesAgo: number, text: string]>;
    readUpTo: Array<[user: number, messages: number]>;
  }> = [
    {
      values: { user_a: Math.min(admin, maria), user_b: Math.max(admin, maria) },
      messages: [
        [maria, 26 * 60, 'Hi! Did you get a chance to look at the launch checklist?'],
        [admin, 26 * 60 - 12, 'Yes, two items left. I moved them to "Review with Maria" on the board.'],
        [maria, 26 * 60 - 20, 'Perfect, thanks.'],
        [
          maria,
          35,
          'Are we still on for the Lisbon office visit? The agenda is at https://example.com/agenda',
        ],
      ],
      readUpTo: [
        [admin, 3],
        [maria, 4],
      ],
    },
    {
      values: { group_id: group },
      messages: [
        [admin, 3 * 60, 'Welcome to the Core team chat.'],
        [client, 2 * 60, 'Thanks! I will share the feedback from the demo here.'],
        [admin, 90, 'Great, the roadmap review is on the calendar next week.'],
      ],
      readUpTo: [
        [admin, 3],
        [client, 3],
        [maria, 3],
      ],
    },
  ];
  for (const chat of chats) {
    const last = chat.messages.at(-1)!;
    const { id } = await trx
      .insertInto('chats')
      .values({
        ...chat.values,
        created_at: minutesAgo(chat.messages[0]![1]),
        last_message_at: minutesAgo(last[1]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const [sender, ago, body] of chat.messages) {
      const row = await trx
        .insertInto('chat_messages')
        .values({ chat_id: id, sender_id: sender, body, created_at: minutesAgo(ago) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await trx
      .insertInto('chat_reads')
      .values(
        chat.readUpTo.map(([user, count]) => ({ chat_id: id, user_id: user, last_read_id: ids[count - 1]! })),
      )
      .execute();
  }
}
