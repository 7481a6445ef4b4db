/** The demo accounts (D6) and the operator (D7). */
import {
  type AuthSession,
  type CalendarEvents,
  type ChatList,
  type ChatMessagePage,
  type Dashboard,
  demoAccounts,
  dueState,
  type ItemActivity,
  type ItemComment,
  type ItemMatch,
  type InvitationList,
  type MeetingList,
  type WorkingHours,
  eventCategories,
  type ObjectiveList,
  type TaskList,
} from '@cadence/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { boardsOf, buildUser, friendsOf, groupsOf, login, ok, readBoard, requestsOf } from './test/factories';
import { seedDemo } from './seed';
import { createTestApp, newAccount, type TestApp } from './test/harness';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** An app of this test's own, closed after it. */
async function open(env: Record<string, string> = {}): Promise<TestApp> {
  current = await createTestApp(env);
  return current;
}

async function signIn(t: TestApp, email: string, password: string): Promise<AuthSession> {
  const response = await login(t, email, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthSession>();
}

async function operatorFlag(t: TestApp, accessToken: string): Promise<boolean> {
  return (await ok<{ operator: boolean }>(t, 'GET', '/api/jwt/me', accessToken)).operator;
}

describe('demo data', () => {
  it('creates an admin operator and a client on an empty database', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin, client] = demoAccounts;
    const adminSession = await signIn(t, admin.email, admin.password);
    expect(adminSession.userData).toMatchObject({
      username: 'admin',
      role: 'admin',
      ability: [{ action: 'manage', subject: 'all' }],
    });
    expect(await operatorFlag(t, adminSession.accessToken)).toBe(true);

    const clientSession = await signIn(t, client.email, client.password);
    expect(clientSession.userData).toMatchObject({
      username: 'client',
      role: 'client',
      ability: [
        { action: 'read', subject: 'ACL' },
        { action: 'read', subject: 'Auth' },
      ],
    });
    expect(await operatorFlag(t, clientSession.accessToken)).toBe(false);
  });

  it('gives the admin friends, a pending request and a group', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin] = demoAccounts;
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const friends = await friendsOf(t, accessToken);
    expect(friends.map((f) => f.username).sort()).toEqual(['client', 'maria']);
    const requests = await requestsOf(t, accessToken);
    expect(requests.incoming.map((r) => r.from.username)).toEqual(['sam']);
    const groups = await groupsOf(t, accessToken);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.name).toBe('Core team');
    expect(groups[0]?.members.map((m) => m.username).sort()).toEqual(['client', 'maria']);
  });

  it('gives the admin two boards, one shared with the client', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin, client] = demoAccounts;
    const adminSession = await signIn(t, admin.email, admin.password);
    const clientSession = await signIn(t, client.email, client.password);
    const mine = await boardsOf(t, adminSession.accessToken, adminSession.userData._id);
    expect(mine.data.map((b) => b.name).sort()).toEqual(['Home', 'Product launch']);
    expect(mine.data.find((b) => b.name === 'Product launch')).toMatchObject({ listCount: 3, itemCount: 4 });
    const theirs = await boardsOf(t, clientSession.accessToken, clientSession.userData._id);
    expect(theirs.data.map((b) => b.name)).toEqual(['Product launch']);
  });

  it('puts tags, due dates, members, comments and their history on the cards', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin, client] = demoAccounts;
    const adminSession = await signIn(t, admin.email, admin.password);
    const clientToken = (await signIn(t, client.email, client.password)).accessToken;
    const boards = await boardsOf(t, adminSession.accessToken, adminSession.userData._id);
    const launchId = boards.data.find((b) => b.name === 'Product launch')!._id;
    // As a member sees it: the owner's own tag shows on the shared board.
    const launch = await readBoard(t, clientToken, launchId);
    const names = new Map([launch.owner, ...launch.members].map((p) => [p._id, p.username]));
    const seededAt = Date.now();
    const cards = launch.lists.flatMap((list) => list.items.map((item) => ({ ...item, list: list.name })));
    expect(
      cards.map((card) => [
        card.list,
        card.name,
        card.tags.map((tag) => tag.name),
        dueState(card, seededAt),
        card.members.map((id) => names.get(id)).sort(),
        card.commentCount,
      ]),
    ).toEqual([
      ['To do', 'Write the release notes', ['high', 'team'], 'soon', ['admin', 'maria'], 3],
      ['To do', 'Record the demo video', ['Marketing'], 'overdue', ['client'], 0],
      ['Doing', 'Pricing page', ['medium', 'Marketing'], 'later', ['admin', 'client'], 0],
      ['Done', 'Beta sign-up form', ['update'], 'complete', ['client'], 0],
    ]);
    expect(cards[1]!.tags).toEqual([{ name: 'Marketing', color: '#e64980' }]);
    const card = (name: string) => cards.find((c) => c.name === name)!._id;
    const path = `/api/projects/${launchId}/items`;

    const comments = await ok<{ data: ItemComment[] }>(
      t,
      'GET',
      `${path}/${card('Write the release notes')}/comments`,
      clientToken,
    );
    expect(comments.data.map((c) => c.author.username)).toEqual(['admin', 'client', 'maria']);
    expect(comments.data.every((c) => Date.parse(c.createdAt) < seededAt && !c.edited)).toBe(true);

    const history = async (name: string) =>
      (await ok<{ data: ItemActivity[] }>(t, 'GET', `${path}/${card(name)}/activity`, clientToken)).data.map(
        (line) => [line.actor.username, line.kind, line.detail],
      );
    expect(await history('Write the release notes')).toEqual([['admin', 'created', { to: 'To do' }]]);
    expect(await history('Beta sign-up form')).toEqual([
      ['client', 'moved', { from: 'Doing', to: 'Done' }],
      ['admin', 'created', { to: 'Doing' }],
    ]);

    // The board's filter finds them.
    const matching = async (query: string) =>
      (await ok<{ data: ItemMatch[] }>(t, 'GET', `${path}?${query}`, clientToken)).data.map((m) => m.name);
    expect(await matching('due=overdue')).toEqual(['Record the demo video']);
    expect(await matching('tag=marketing')).toEqual(['Record the demo video', 'Pricing page']);

    const homeId = boards.data.find((b) => b.name === 'Home')!._id;
    const home = await readBoard(t, adminSession.accessToken, homeId);
    expect(home.lists[0]!.items.map((item) => [item.name, item.tags.map((tag) => tag.name)])).toEqual([
      ['Book the dentist', ['high']],
      ['Plan the weekend trip', []],
    ]);

    // A second run finds the accounts and writes nothing.
    expect(await seedDemo(t.database.db)).toBe(false);
    expect(await readBoard(t, clientToken, launchId)).toEqual(launch);
  });

  it('gives the admin three goals: in progress, open and done, with their progress', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin] = demoAccounts;
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const goals = await ok<ObjectiveList>(t, 'GET', '/api/objectifs', accessToken);
    expect(
      goals.data.map((g) => [g.title, g.isProgress, g.isDone, g.progress, g.subObjectives.length]),
    ).toEqual([
      ['Ship the product launch', false, true, 100, 1],
      ['Learn Portuguese', false, false, 0, 1],
      ['Run a half marathon', true, false, 30, 2],
    ]);
    const inProgress = await ok<ObjectiveList>(
      t,
      'GET',
      '/api/objectifs?filter=progress&tag=high',
      accessToken,
    );
    expect(inProgress.data.map((g) => g.title)).toEqual(['Run a half marathon']);
  });

  it('gives the admin a dozen to-dos, some assigned to the client and one from the client', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin, client] = demoAccounts;
    const adminSession = await signIn(t, admin.email, admin.password);
    const clientSession = await signIn(t, client.email, client.password);
    const mine = await ok<TaskList>(
      t,
      'GET',
      `/api/todos?user=${adminSession.userData._id}`,
      adminSession.accessToken,
    );
    expect(mine.count).toBe(21);
    expect(
      mine.data.filter((task) => task.user !== adminSession.userData._id).map((task) => task.title),
    ).toEqual(['Test the mobile layout']);
    const theirs = await ok<TaskList>(
      t,
      'GET',
      `/api/todos?user=${clientSession.userData._id}&sortBy=title-asc`,
      clientSession.accessToken,
    );
    expect(theirs.data.map((task) => task.title)).toEqual([
      'Fix the invoice template',
      'Read the onboarding guide',
      'Review the pricing page copy',
      'Test the mobile layout',
    ]);
  });

  it('gives the admin a dashboard with tasks completed over the last weeks', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin] = demoAccounts;
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const dashboard = await ok<Dashboard>(t, 'GET', '/api/dashboard', accessToken);
    expect(dashboard.tasks).toMatchObject({ open: 10, completed: 11, overdue: 1, dueToday: 1 });
    const weeks = dashboard.tasks.completedPerWeek;
    expect(weeks.reduce((sum, week) => sum + week.count, 0)).toBe(11);
    expect(weeks.filter((week) => week.count > 0).length).toBeGreaterThanOrEqual(6);
    expect(dashboard.goals.map((goal) => [goal.title, goal.status, goal.progress])).toEqual([
      ['Learn Portuguese', 'open', 0],
      ['Run a half marathon', 'progress', 30],
      ['Ship the product launch', 'done', 100],
    ]);
    expect(dashboard.upcoming).toHaveLength(5);
    expect(dashboard.requests).toEqual({ friendRequests: 1, meetingInvitations: 1 });
    expect(dashboard.boards.map((board) => board.title)).toEqual(['Home', 'Product launch']);
  });

  it('gives the admin a month of events in every category, one weekly, one with the client as guest', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin, client] = demoAccounts;
    const adminSession = await signIn(t, admin.email, admin.password);
    const clientSession = await signIn(t, client.email, client.password);
    const day = 86_400_000;
    const range = new URLSearchParams({
      start: new Date(Date.now() - 7 * day).toISOString(),
      end: new Date(Date.now() + 35 * day).toISOString(),
    }).toString();
    const mine = await ok<CalendarEvents>(
      t,
      'GET',
      `/api/calender/events?${range}`,
      adminSession.accessToken,
    );
    expect(new Set(mine.data.map((event) => event.category))).toEqual(new Set(eventCategories));
    const weekly = mine.data.filter((event) => event.recurrence === 'FREQ=WEEKLY;BYDAY=MO');
    expect(weekly.length).toBeGreaterThanOrEqual(5);
    expect(new Set(weekly.map((event) => event._id)).size).toBe(1);
    const theirs = await ok<CalendarEvents>(
      t,
      'GET',
      `/api/calender/events?${range}`,
      clientSession.accessToken,
    );
    expect(theirs.data.map((event) => [event.title, event.editable])).toEqual([
      ['Product demo with the client', false],
    ]);
  });

  it('gives the demo accounts working hours, a meeting the admin organises and an invitation for the admin', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin, client] = demoAccounts;
    const adminToken = (await signIn(t, admin.email, admin.password)).accessToken;
    const clientToken = (await signIn(t, client.email, client.password)).accessToken;
    for (const token of [adminToken, clientToken]) {
      const hours = await ok<WorkingHours>(t, 'GET', '/api/working-hours', token);
      expect(hours.isDefault).toBe(false);
      expect(hours.data.length).toBeGreaterThan(4);
    }
    const organised = await ok<MeetingList>(t, 'GET', '/api/meetings', adminToken);
    expect(organised.data.map((m) => [m.name, m.isOrganiser, m.myStatus])).toEqual([
      ['Roadmap review', true, null],
      ['Lisbon office visit', false, 'pending'],
    ]);
    const forClient = await ok<InvitationList>(
      t,
      'GET',
      '/api/meetings/invitations?status=pending',
      clientToken,
    );
    expect(forClient.data.map((i) => i.meeting.name)).toEqual(['Roadmap review']);
    const forAdmin = await ok<InvitationList>(
      t,
      'GET',
      '/api/meetings/invitations?status=pending',
      adminToken,
    );
    expect([forAdmin.pending, forAdmin.data[0]?.meeting.organiser.username]).toEqual([1, 'maria']);
    // The chosen time is free for both: the invitation can be accepted onto the client's calendar.
    const review = organised.data[0]!;
    await ok(t, 'PUT', `/api/meetings/${review._id}/invitation`, clientToken, { status: 'accepted' });
    const range = new URLSearchParams({ start: review.time!, end: review.end! }).toString();
    const theirs = await ok<CalendarEvents>(t, 'GET', `/api/calender/events?${range}`, clientToken);
    expect(theirs.data.map((entry) => [entry.kind, entry.title])).toEqual([['meeting', 'Roadmap review']]);
  });

  it('gives the admin a chat with Maria, her last message unread, and the Core team’s chat', async () => {
    const t = await open({ SEED_DEMO: 'true' });
    const [admin] = demoAccounts;
    const token = (await signIn(t, admin.email, admin.password)).accessToken;
    const list = await ok<ChatList>(t, 'GET', '/api/chats', token);
    expect(list.chats.map((chat) => [chat.kind, chat.name, chat.unseen, chat.closed])).toEqual([
      ['direct', 'Maria Silva', 1, false],
      ['group', 'Core team', 0, false],
    ]);
    expect(list.unseen).toBe(1);
    expect(list.contacts.map((contact) => contact.fullName)).toEqual([demoAccounts[1].fullName]);
    const maria = list.chats[0]!;
    const page = await ok<ChatMessagePage>(t, 'GET', `/api/chats/${maria._id}/messages`, token);
    expect(page.data).toHaveLength(4);
    expect(page.data.at(-1)?.message).toContain('https://example.com/agenda');
    expect((await ok<ChatList>(t, 'GET', '/api/chats', token)).unseen).toBe(0);
  });

  it('is not created when SEED_DEMO=false', async () => {
    const t = await open({ SEED_DEMO: 'false' });
    const [admin] = demoAccounts;
    expect((await login(t, admin.email, admin.password)).statusCode).toBe(400);
  });
});

describe('the operator (D7)', () => {
  it('is the first account of the instance', async () => {
    const t = await open();
    const [first, second] = await Promise.all([buildUser(t), buildUser(t)]);
    const flags = [await operatorFlag(t, first.token), await operatorFlag(t, second.token)];
    expect(flags.sort()).toEqual([false, true]);
  });

  it('is the account OWNER_EMAIL names, when set', async () => {
    const owner = newAccount();
    const t = await open({ OWNER_EMAIL: owner.email });
    const early = await buildUser(t);
    const named = await buildUser(t, owner);
    expect(await operatorFlag(t, early.token)).toBe(false);
    expect(await operatorFlag(t, named.token)).toBe(true);
  });
});
