/**
 * The dashboard through HTTP, on the engine the run selects: a new account's empty
 * answer; a user with to-dos completed in chosen weeks, goals, events and meetings, requests and
 * boards, with every figure exact and nothing of anyone else's; the weeks cut in the user's zone.
 * The clock is set (Date only) so that the weeks are known; completion times are then moved in the
 * database, as no call sets a past completion.
 */
import type { Dashboard, Objective, Task } from '@cadence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  befriend,
  buildBoard,
  buildEvent,
  buildGoal,
  buildMeeting,
  buildTask,
  buildUser,
  buildUserInZone,
  call,
  expectSignInRequired,
  ok,
  sendFriendRequest,
  type TestUser,
} from '../../test/factories';
import { useTestApp } from '../../test/harness';

// Tokens made under the set clock must outlive its jumps.
const t = useTestApp({ ACCESS_TOKEN_TTL: '1d' });

afterEach(() => {
  vi.useRealTimers();
});

function setClock(at: string): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: new Date(at) });
}

const dashboardOf = (user: TestUser) => ok<Dashboard>(t, 'GET', '/api/dashboard', user.token);

/** Completes the task through the API; with `at`, then moves its completion time there. */
async function complete(user: TestUser, task: Task, at?: string): Promise<void> {
  await ok(t, 'PUT', `/api/todos/${task._id}`, user.token, { isCompleted: true });
  if (at) await completedAt(task, at);
}

async function completedAt(task: Task, at: string | null): Promise<void> {
  await t.database.db
    .updateTable('todos')
    .set({ completed_at: at })
    .where('id', '=', Number(task._id))
    .execute();
}

const weeks = (starts: string[], counts: Record<string, number> = {}) =>
  starts.map((weekStart) => ({ weekStart, count: counts[weekStart] ?? 0 }));

describe('GET /api/dashboard', () => {
  it('needs a sign-in', async () => {
    await expectSignInRequired(t, 'GET', '/api/dashboard');
  });

  it('answers a new account with zeros, eight empty weeks and empty lists', async () => {
    setClock('2026-03-04T12:00:00.000Z'); // a Wednesday
    const user = await buildUser(t);
    expect(await dashboardOf(user)).toEqual({
      timeZone: 'UTC',
      tasks: {
        open: 0,
        completed: 0,
        overdue: 0,
        dueToday: 0,
        completedPerWeek: weeks([
          '2026-01-12',
          '2026-01-19',
          '2026-01-26',
          '2026-02-02',
          '2026-02-09',
          '2026-02-16',
          '2026-02-23',
          '2026-03-02',
        ]),
      },
      goals: [],
      upcoming: [],
      requests: { friendRequests: 0, meetingInvitations: 0 },
      boards: [],
    });
  });

  it('gathers the user’s tasks, goals, calendar, requests and boards, and nobody else’s', async () => {
    setClock('2026-05-13T09:00:00.000Z'); // Wednesday; the user is in UTC
    const [me, friend, other, stranger, asked] = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    await befriend(t, me, friend);

    // To-dos: two completed now through the API, three moved to earlier weeks, one long ago, one
    // the friend assigned to me; open ones due today, overdue and undated; a deleted completed one
    // and one completed then reopened count nowhere.
    const task = (title: string, extra: Record<string, unknown> = {}) =>
      buildTask(t, me, { title, ...extra });
    await complete(me, await task('Today one'));
    await complete(me, await task('Today two'));
    await complete(me, await task('Monday midnight'), '2026-05-04T00:00:00.000Z');
    await complete(me, await task('Sunday night'), '2026-05-03T23:59:59.999Z');
    await complete(me, await task('Long ago'), '2026-01-05T10:00:00.000Z');
    const assigned = await buildTask(t, friend, { title: 'From my friend', assignee: [me.id] });
    await complete(me, assigned, '2026-04-21T12:00:00.000Z');
    const deleted = await task('Deleted');
    await complete(me, deleted, '2026-05-12T08:00:00.000Z');
    await ok(t, 'DELETE', `/api/todos/${deleted._id}`, me.token, undefined, 204);
    const reopened = await task('Reopened');
    await complete(me, reopened);
    await ok(t, 'PUT', `/api/todos/${reopened._id}`, me.token, { isCompleted: false });
    await task('Due today', { dueDate: '2026-05-13' });
    await task('Overdue', { dueDate: '2026-05-10' });
    await task('Some day');
    const theirs = await buildTask(t, other, { title: 'Not mine', dueDate: '2026-05-10' });
    await complete(other, theirs, '2026-05-12T08:00:00.000Z');

    // Goals: done, in progress, open (changed last), deleted; and someone else's.
    const goal = (title: string, extra: Parameters<typeof buildGoal>[2] = {}) =>
      buildGoal(t, me, { title, ...extra });
    const done = await goal('Done goal');
    await ok<Objective>(t, 'PUT', `/api/objectifs/${done._id}`, me.token, { isDone: true });
    const open = await goal('Open goal', { subObjectives: [] });
    const progress = await goal('Progress goal', {
      subObjectives: [
        {
          title: 'Steps',
          tasks: [
            { text: 'One', done: true, percentage: 20 },
            { text: 'Two', done: true, percentage: 30 },
            { text: 'Three', done: false, percentage: 50 },
          ],
        },
      ],
    });
    await ok(t, 'PUT', `/api/objectifs/${progress._id}`, me.token, { isProgress: true });
    const gone = await goal('Deleted goal');
    await ok(t, 'DELETE', `/api/objectifs/${gone._id}`, me.token, undefined, 204);
    await buildGoal(t, other, { title: 'Their goal' });

    // Calendar: yesterday's event, tomorrow's, a weekly one from last week, one past 30 days; a
    // meeting I organise tomorrow with the friend; a meeting the friend invites me to (pending).
    await buildEvent(t, me, {
      title: 'Yesterday',
      start: '2026-05-12T09:00:00.000Z',
      end: '2026-05-12T10:00:00.000Z',
    });
    const tomorrow = await buildEvent(t, me, {
      title: 'Stand-up',
      start: '2026-05-14T09:00:00.000Z',
      end: '2026-05-14T09:30:00.000Z',
    });
    const weekly = await buildEvent(t, me, {
      title: 'Weekly review',
      start: '2026-05-06T15:00:00.000Z',
      end: '2026-05-06T16:00:00.000Z',
      recurrence: 'FREQ=WEEKLY',
    });
    await buildEvent(t, me, {
      title: 'Far away',
      start: '2026-06-20T09:00:00.000Z',
      end: '2026-06-20T10:00:00.000Z',
    });
    await buildEvent(t, other, {
      title: 'Their event',
      start: '2026-05-13T12:00:00.000Z',
      end: '2026-05-13T13:00:00.000Z',
    });
    const planning = await buildMeeting(t, me, {
      name: 'Planning',
      duration: 60,
      startDate: '2026-05-14',
      endDate: '2026-05-15',
      invitees: [friend.id],
      time: '2026-05-14T10:00:00.000Z',
    });
    await buildMeeting(t, friend, {
      name: 'Their choice',
      duration: 30,
      startDate: '2026-05-18',
      endDate: '2026-05-19',
      invitees: [me.id],
    });

    // Requests: one received, one sent (not waiting for me).
    await sendFriendRequest(t, stranger, me);
    await sendFriendRequest(t, me, asked);

    // Boards: mine (changed last), the friend's shared with me, and someone else's.
    const mine = await buildBoard(t, me, { name: 'Roadmap' });
    const shared = await buildBoard(t, friend, { name: 'Shared plans', members: [me] });
    await buildBoard(t, other, { name: 'Secret' });
    vi.setSystemTime(new Date('2026-05-13T09:55:00.000Z'));
    await ok(t, 'PUT', `/api/objectifs/${open._id}`, me.token, { title: 'Open goal, renamed' });
    await ok(t, 'PUT', `/api/projects/${mine.board._id}`, me.token, { name: 'Roadmap, renamed' });

    vi.setSystemTime(new Date('2026-05-13T10:00:00.000Z'));
    const answer = await dashboardOf(me);
    expect(answer.tasks).toEqual({
      open: 4,
      completed: 6,
      overdue: 1,
      dueToday: 1,
      completedPerWeek: weeks(
        [
          '2026-03-23',
          '2026-03-30',
          '2026-04-06',
          '2026-04-13',
          '2026-04-20',
          '2026-04-27',
          '2026-05-04',
          '2026-05-11',
        ],
        { '2026-04-20': 1, '2026-04-27': 1, '2026-05-04': 1, '2026-05-11': 2 },
      ),
    });
    expect(answer.goals).toEqual([
      { _id: open._id, title: 'Open goal, renamed', progress: 0, status: 'open' },
      { _id: progress._id, title: 'Progress goal', progress: 50, status: 'progress' },
      { _id: done._id, title: 'Done goal', progress: 30, status: 'done' },
    ]);
    const occurrence = (
      kind: 'event' | 'meeting',
      id: string,
      title: string,
      start: string,
      end: string,
    ) => ({
      kind,
      id,
      title,
      start,
      end,
      allDay: false,
    });
    expect(answer.upcoming).toEqual([
      occurrence(
        'event',
        weekly._id,
        'Weekly review',
        '2026-05-13T15:00:00.000Z',
        '2026-05-13T16:00:00.000Z',
      ),
      occurrence('event', tomorrow._id, 'Stand-up', '2026-05-14T09:00:00.000Z', '2026-05-14T09:30:00.000Z'),
      occurrence('meeting', planning._id, 'Planning', '2026-05-14T10:00:00.000Z', '2026-05-14T11:00:00.000Z'),
      occurrence(
        'event',
        weekly._id,
        'Weekly review',
        '2026-05-20T15:00:00.000Z',
        '2026-05-20T16:00:00.000Z',
      ),
      occurrence(
        'event',
        weekly._id,
        'Weekly review',
        '2026-05-27T15:00:00.000Z',
        '2026-05-27T16:00:00.000Z',
      ),
    ]);
    expect(answer.requests).toEqual({ friendRequests: 1, meetingInvitations: 1 });
    expect(answer.boards.map((board) => [board._id, board.title])).toEqual([
      [mine.board._id, 'Roadmap, renamed'],
      [shared.board._id, 'Shared plans'],
    ]);
    expect(answer.boards[0]!.updatedAt >= '2026-05-13T09:55:00.000Z').toBe(true);

    // The other user sees their own figures only.
    const forOther = await dashboardOf(other);
    expect(forOther.tasks).toMatchObject({ open: 0, completed: 1, overdue: 0 });
    expect(forOther.goals.map((g) => g.title)).toEqual(['Their goal']);
    expect(forOther.upcoming.map((u) => u.title)).toEqual(['Their event']);
    expect(forOther.boards.map((b) => b.title)).toEqual(['Secret']);
    expect(forOther.requests).toEqual({ friendRequests: 0, meetingInvitations: 0 });
    // The friend: the assigned task (completed by me) counts for its owner too; the shared board.
    const forFriend = await dashboardOf(friend);
    expect(forFriend.tasks.completed).toBe(1);
    expect(forFriend.boards.map((b) => b.title)).toEqual(['Shared plans']);
    expect(forFriend.requests).toEqual({ friendRequests: 0, meetingInvitations: 1 });
  });

  it('cuts the weeks at Monday midnight in the user’s time zone', async () => {
    // Monday 09:00 in Auckland (UTC+13), still Sunday noon in Los Angeles (UTC−8).
    setClock('2026-03-01T20:00:00.000Z');
    const completions = [
      '2026-03-01T15:00:00.000Z', // Auckland Mon 04:00; Los Angeles Sun 07:00
      '2026-03-01T09:00:00.000Z', // Auckland Sun 22:00; Los Angeles Sun 01:00
      '2026-02-23T09:00:00.000Z', // Auckland Mon 22:00; Los Angeles Mon 01:00
      '2026-02-23T07:30:00.000Z', // Auckland Mon 20:30; Los Angeles Sun 23:30
    ];
    const figures: Record<string, Dashboard['tasks']['completedPerWeek']> = {};
    for (const zone of ['Pacific/Auckland', 'America/Los_Angeles']) {
      const user = await buildUserInZone(t, zone);
      for (const [index, at] of completions.entries()) {
        await complete(user, await buildTask(t, user, { title: `Done ${index}` }), at);
      }
      figures[zone] = (await dashboardOf(user)).tasks.completedPerWeek;
    }
    expect(figures['Pacific/Auckland']).toEqual(
      weeks(
        [
          '2026-01-12',
          '2026-01-19',
          '2026-01-26',
          '2026-02-02',
          '2026-02-09',
          '2026-02-16',
          '2026-02-23',
          '2026-03-02',
        ],
        { '2026-02-23': 3, '2026-03-02': 1 },
      ),
    );
    expect(figures['America/Los_Angeles']).toEqual(
      weeks(
        [
          '2026-01-05',
          '2026-01-12',
          '2026-01-19',
          '2026-01-26',
          '2026-02-02',
          '2026-02-09',
          '2026-02-16',
          '2026-02-23',
        ],
        { '2026-02-16': 1, '2026-02-23': 3 },
      ),
    );
  });

  it('sets the completion time when a task is completed and clears it when reopened', async () => {
    setClock('2026-03-04T12:00:00.000Z');
    const user = await buildUser(t);
    const task = await buildTask(t, user);
    const completion = async () =>
      (
        await t.database.db
          .selectFrom('todos')
          .select('completed_at')
          .where('id', '=', Number(task._id))
          .executeTakeFirstOrThrow()
      ).completed_at;
    expect(await completion()).toBeNull();
    await complete(user, task);
    const first = await completion();
    expect(first?.slice(0, 13)).toBe('2026-03-04T12');
    vi.setSystemTime(new Date('2026-03-04T18:00:00.000Z'));
    await complete(user, task);
    expect(await completion()).toBe(first);
    const response = await call(t, 'PUT', `/api/todos/${task._id}`, user.token, { isCompleted: false });
    expect(response.statusCode).toBe(200);
    expect(await completion()).toBeNull();
  });
});
