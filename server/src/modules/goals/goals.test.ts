/** Goals (D19, D29) through HTTP: validation, progress, filters, state, deletion, and privacy. */
import { lastDayOf, messages, type Objective, type ObjectiveList } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  buildGoal,
  buildUser,
  call,
  expectError,
  expectSignInRequired,
  goalInput,
  ok,
  type TestUser,
} from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';
import { todayIn } from '../todos/service';

const t = useTestApp();

function listGoals(user: TestUser, query = ''): Promise<ObjectiveList> {
  return ok<ObjectiveList>(t, 'GET', `/api/objectifs${query}`, user.token);
}

async function titles(user: TestUser, query = ''): Promise<string[]> {
  return (await listGoals(user, query)).data.map((goal) => goal.title);
}

function update(user: TestUser, id: string, body: unknown): Promise<Objective> {
  return ok<Objective>(t, 'PUT', `/api/objectifs/${id}`, user.token, body);
}

describe('without a token', () => {
  it.each([
    ['GET', '/api/objectifs', undefined],
    ['GET', '/api/objectifs/1', undefined],
    ['POST', '/api/objectifs', goalInput()],
    ['PUT', '/api/objectifs/1', { title: 'x' }],
    ['DELETE', '/api/objectifs/1', undefined],
    // Authentication comes before validation.
    ['POST', '/api/objectifs', { title: '' }],
  ] as const)('%s %s answers 401 and changes nothing', async (method, url, payload) => {
    await expectSignInRequired(t, method, url, payload);
  });
});

describe('POST /api/objectifs', () => {
  it('adds a goal with its tree, and answers it with its progress', async () => {
    const user = await buildUser(t);
    const response = await call(t, 'POST', '/api/objectifs', user.token, goalInput());
    expect(response.statusCode, response.body).toBe(201);
    const goal = response.json<Objective>();
    expect(goal).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      user: user.id,
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
          _id: expect.any(String),
          title: 'Build the base',
          tasks: [
            { _id: expect.any(String), text: 'Run 20 km a week', done: true, percentage: 30 },
            { _id: expect.any(String), text: 'Run 40 km a week', done: false, percentage: 70 },
          ],
        },
      ],
      progress: 30,
      isDone: false,
      isProgress: false,
      isDeleted: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await ok(t, 'GET', `/api/objectifs/${goal._id}`, user.token)).toEqual(goal);
    expect((await listGoals(user)).data).toEqual([goal]);
  });

  it('takes only the required fields, with defaults for the rest', async () => {
    const user = await buildUser(t);
    const goal = await ok<Objective>(
      t,
      'POST',
      '/api/objectifs',
      user.token,
      {
        title: 'Read',
        startDate: '2026-03-01',
        endDate: '2026-03-01',
        timeline: 'day',
        time: 'evening',
        tags: ['low'],
      },
      201,
    );
    expect(goal).toMatchObject({ description: '', dedicatedHours: 0, subObjectives: [], progress: 0 });
  });

  it("takes a title alone: today in the user's zone, a week, anytime, no tag", async () => {
    const user = await buildUser(t, { timeZone: 'Pacific/Kiritimati' });
    const today = todayIn('Pacific/Kiritimati');
    const goal = await ok<Objective>(t, 'POST', '/api/objectifs', user.token, { title: 'Read more' }, 201);
    expect(goal).toMatchObject({
      title: 'Read more',
      startDate: today,
      endDate: lastDayOf(today, 'week'),
      timeline: 'week',
      time: 'anytime',
      tags: [],
      progress: 0,
    });
    // With no tag it can be changed, and its tags emptied again.
    await ok(t, 'PUT', `/api/objectifs/${goal._id}`, user.token, { tags: ['low'] });
    expect(await ok(t, 'PUT', `/api/objectifs/${goal._id}`, user.token, { tags: [] })).toMatchObject({
      tags: [],
    });
  });

  it('ends a goal given only its start by its timeline, and refuses a given end before a default start', async () => {
    const user = await buildUser(t);
    const body = { title: 'Quarter', startDate: '2026-01-31', timeline: 'quarter' };
    expect(await ok(t, 'POST', '/api/objectifs', user.token, body, 201)).toMatchObject({
      endDate: '2026-04-29',
    });
    const error = expectError(
      await call(t, 'POST', '/api/objectifs', user.token, { title: 'Past', endDate: '2000-01-01' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.fields?.endDate).toBe(messages['goals.invalidTimeline']);
  });

  it.each([
    ['2026-03-02', 'day', '2026-03-02'],
    ['2026-03-02', 'week', '2026-03-08'],
    ['2026-12-29', 'week', '2027-01-04'],
    ['2026-01-15', 'month', '2026-02-14'],
    ['2026-01-31', 'month', '2026-02-27'],
    ['2024-02-29', 'year', '2025-02-27'],
  ] as const)('a goal from %s over a %s ends on %s', (start, timeline, end) => {
    expect(lastDayOf(start, timeline)).toBe(end);
  });

  it.each([['title', 'goals.titleRequired']] as const)(
    'requires %s, with its message on the field',
    async (field, key) => {
      const user = await buildUser(t);
      const before = await fingerprint(t.database);
      const body: Record<string, unknown> = goalInput();
      delete body[field];
      const error = expectError(
        await call(t, 'POST', '/api/objectifs', user.token, body),
        400,
        'VALIDATION_ERROR',
      );
      expect(error.fields?.[field]).toBe(messages[key]);
      expect(await fingerprint(t.database)).toEqual(before);
    },
  );

  it.each([
    ['an empty title', { title: '   ' }, 'title', 'goals.titleRequired'],
    ['a date that does not exist', { startDate: '2026-02-30' }, 'startDate', 'goals.dateInvalid'],
    ['an unknown timeline', { timeline: 'decade' }, 'timeline', 'goals.timelineRequired'],
    ['negative dedicated hours', { dedicatedHours: -1 }, 'dedicatedHours', 'goals.dedicatedHoursInvalid'],
    [
      'the end before the start',
      { startDate: '2026-05-02', endDate: '2026-05-01' },
      'endDate',
      'goals.invalidTimeline',
    ],
  ] as const)('refuses %s with its message', async (_, overrides, field, key) => {
    const user = await buildUser(t);
    const error = expectError(
      await call(t, 'POST', '/api/objectifs', user.token, goalInput(overrides as never)),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.fields?.[field]).toBe(messages[key]);
    expect(await titles(user)).toEqual([]);
  });

  it.each([-1, 100.5, 1000])(
    'refuses a task percentage of %s: "Percentage must be between 0 and 100."',
    async (percentage) => {
      const user = await buildUser(t);
      const body = goalInput({
        subObjectives: [{ title: 'Sub', tasks: [{ text: 'Task', done: false, percentage }] }],
      });
      const error = expectError(
        await call(t, 'POST', '/api/objectifs', user.token, body),
        400,
        'VALIDATION_ERROR',
      );
      expect(Object.values(error.fields ?? {})).toContain('Percentage must be between 0 and 100.');
      expect(await titles(user)).toEqual([]);
    },
  );

  it("takes the user's own tags by name and refuses a tag the user does not have", async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    await ok(t, 'POST', '/api/tags', user.token, { name: 'Fitness', color: '#112233' }, 201);
    await ok(t, 'POST', '/api/tags', other.token, { name: 'theirs', color: '#112233' }, 201);
    const goal = await buildGoal(t, user, { tags: ['fitness', 'HIGH', 'high'] });
    expect(goal.tags).toEqual(['Fitness', 'high']);
    const error = expectError(
      await call(t, 'POST', '/api/objectifs', user.token, goalInput({ tags: ['theirs'] })),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.fields?.tags).toBe(messages['goals.tagUnknown']);
  });

  it('follows a tag renamed or deleted on /api/tags', async () => {
    const user = await buildUser(t);
    const tag = await ok<{ _id: string }>(
      t,
      'POST',
      '/api/tags',
      user.token,
      { name: 'deep', color: '#112233' },
      201,
    );
    const goal = await buildGoal(t, user, { tags: ['deep', 'team'] });
    await ok(t, 'PUT', `/api/tags/${tag._id}`, user.token, { name: 'focus' });
    expect((await ok<Objective>(t, 'GET', `/api/objectifs/${goal._id}`, user.token)).tags).toEqual([
      'focus',
      'team',
    ]);
    await call(t, 'DELETE', `/api/tags/${tag._id}`, user.token);
    expect((await listGoals(user)).data[0]?.tags).toEqual(['team']);
  });
});

describe('progress', () => {
  it.each([
    ['no task', [], 0],
    ['no task done', [{ done: false, percentage: 40 }], 0],
    [
      'weighted tasks',
      [
        { done: true, percentage: 25 },
        { done: false, percentage: 75 },
      ],
      25,
    ],
    [
      'weights that do not add up to 100',
      [
        { done: true, percentage: 10 },
        { done: false, percentage: 20 },
      ],
      33,
    ],
    [
      'every task done',
      [
        { done: true, percentage: 10 },
        { done: true, percentage: 0 },
      ],
      100,
    ],
    ['only weights of 0', [{ done: true, percentage: 0 }], 0],
  ])('is computed by the server: %s', async (_, tasks, expected) => {
    const user = await buildUser(t);
    const goal = await buildGoal(t, user, {
      subObjectives: [
        { title: 'A', tasks: tasks.slice(0, 1).map((task, i) => ({ text: `a${i}`, ...task })) },
        { title: 'B', tasks: tasks.slice(1).map((task, i) => ({ text: `b${i}`, ...task })) },
      ],
    });
    expect(goal.progress).toBe(expected);
    expect((await listGoals(user)).data[0]?.progress).toBe(expected);
  });
});

describe('PUT /api/objectifs/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const user = await buildUser(t);
    const goal = await buildGoal(t, user);
    const changed = await update(user, goal._id, {
      title: 'Run a half marathon',
      dedicatedHours: 2.5,
      tags: ['team'],
    });
    expect(changed).toEqual({
      ...goal,
      title: 'Run a half marathon',
      dedicatedHours: 2.5,
      tags: ['team'],
      updatedAt: expect.any(String),
    });
  });

  it('replaces the tree, keeping the identity of what carries an _id', async () => {
    const user = await buildUser(t);
    const goal = await buildGoal(t, user);
    const [sub] = goal.subObjectives;
    const [first, second] = sub!.tasks;
    const changed = await update(user, goal._id, {
      subObjectives: [
        {
          _id: sub!._id,
          title: 'Base, renamed',
          tasks: [
            { _id: second!._id, text: 'Run 40 km a week', done: true, percentage: 70 },
            { text: 'Stretch', done: false, percentage: 10 },
          ],
        },
        { title: 'Race', tasks: [{ _id: first!._id, text: 'Moved', done: false, percentage: 20 }] },
      ],
    });
    expect(changed.subObjectives).toEqual([
      {
        _id: sub!._id,
        title: 'Base, renamed',
        tasks: [
          { _id: second!._id, text: 'Run 40 km a week', done: true, percentage: 70 },
          { _id: expect.any(String), text: 'Stretch', done: false, percentage: 10 },
        ],
      },
      {
        _id: expect.any(String),
        title: 'Race',
        tasks: [{ _id: first!._id, text: 'Moved', done: false, percentage: 20 }],
      },
    ]);
    expect(changed.progress).toBe(70);
    // Nothing sent: the tree is empty, and the tasks are gone from the database.
    const emptied = await update(user, goal._id, { subObjectives: [] });
    expect(emptied.subObjectives).toEqual([]);
    expect(emptied.progress).toBe(0);
  });

  it("refuses an _id that is not this goal's, and changes nothing", async () => {
    const user = await buildUser(t);
    const mine = await buildGoal(t, user);
    const other = await buildGoal(t, user, { title: 'Other' });
    const foreignTask = other.subObjectives[0]!.tasks[0]!._id;
    const before = await fingerprint(t.database);
    for (const subObjectives of [
      [{ title: 'S', tasks: [{ _id: foreignTask, text: 'x', percentage: 10 }] }],
      [{ _id: other.subObjectives[0]!._id, title: 'S', tasks: [] }],
      [
        {
          title: 'S',
          tasks: [
            { _id: mine.subObjectives[0]!.tasks[0]!._id, text: 'x', percentage: 1 },
            { _id: mine.subObjectives[0]!.tasks[0]!._id, text: 'y', percentage: 1 },
          ],
        },
      ],
    ]) {
      const error = expectError(
        await call(t, 'PUT', `/api/objectifs/${mine._id}`, user.token, { subObjectives }),
        400,
        'VALIDATION_ERROR',
      );
      expect(error.fields?.subObjectives).toBe(messages['goals.unknownPart']);
    }
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('answers Invalid Timeline on endDate when one date moves past the stored other', async () => {
    const user = await buildUser(t);
    const goal = await buildGoal(t, user);
    const before = await fingerprint(t.database);
    for (const body of [
      { endDate: '2025-12-31' },
      { startDate: '2026-07-01' },
      { startDate: '2026-03-02', endDate: '2026-03-01' },
    ]) {
      const error = expectError(
        await call(t, 'PUT', `/api/objectifs/${goal._id}`, user.token, body),
        400,
        'VALIDATION_ERROR',
      );
      expect(error.fields).toEqual({ endDate: 'Invalid Timeline' });
    }
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('refuses an empty change and a percentage out of range', async () => {
    const user = await buildUser(t);
    const goal = await buildGoal(t, user);
    expectError(await call(t, 'PUT', `/api/objectifs/${goal._id}`, user.token, {}), 400, 'VALIDATION_ERROR');
    const error = expectError(
      await call(t, 'PUT', `/api/objectifs/${goal._id}`, user.token, {
        subObjectives: [{ title: 'S', tasks: [{ text: 't', percentage: 101 }] }],
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(Object.values(error.fields ?? {})).toContain(messages['goals.percentageRange']);
  });

  it('marks done, in progress and undone; the two states exclude each other', async () => {
    const user = await buildUser(t);
    const goal = await buildGoal(t, user);
    expect(await update(user, goal._id, { isProgress: true })).toMatchObject({
      isProgress: true,
      isDone: false,
    });
    expect(await update(user, goal._id, { isDone: true })).toMatchObject({ isProgress: false, isDone: true });
    expect(await update(user, goal._id, { isProgress: true })).toMatchObject({
      isProgress: true,
      isDone: false,
    });
    expect(await update(user, goal._id, { isProgress: false })).toMatchObject({
      isProgress: false,
      isDone: false,
    });
    expect(await update(user, goal._id, { isDone: true, isProgress: true })).toMatchObject({
      isDone: true,
      isProgress: false,
    });
    expect(await update(user, goal._id, { isDone: false })).toMatchObject({
      isDone: false,
      isProgress: false,
    });
  });
});

describe('GET /api/objectifs: filters, tag and words', () => {
  async function world() {
    const user = await buildUser(t);
    await ok(t, 'POST', '/api/tags', user.token, { name: 'Health', color: '#112233' }, 201);
    const open = await buildGoal(t, user, { title: 'Open', tags: ['low'], description: 'Learn Portuguese' });
    const progress = await buildGoal(t, user, { title: 'Progress', tags: ['high', 'health'] });
    const done = await buildGoal(t, user, { title: 'Done', tags: ['high'] });
    const deleted = await buildGoal(t, user, { title: 'Deleted 100%_', tags: ['high'] });
    await update(user, progress._id, { isProgress: true });
    await update(user, done._id, { isDone: true });
    await call(t, 'DELETE', `/api/objectifs/${deleted._id}`, user.token);
    const deletedDone = await buildGoal(t, user, { title: 'Deleted done', tags: ['low'] });
    await update(user, deletedDone._id, { isDone: true, isDeleted: true });
    return { user, open };
  }

  it('lists the goals not deleted with no filter, newest first', async () => {
    const { user } = await world();
    expect(await titles(user)).toEqual(['Done', 'Progress', 'Open']);
    expect((await listGoals(user)).count).toBe(3);
  });

  it.each([
    ['?filter=done', ['Done']],
    ['?filter=progress', ['Progress']],
    ['?filter=deleted', ['Deleted done', 'Deleted 100%_']],
    ['?tag=high', ['Done', 'Progress']],
    ['?tag=HEALTH', ['Progress']],
    ['?filter=progress&tag=high', ['Progress']],
    ['?filter=deleted&tag=high', ['Deleted 100%_']],
    ['?tag=team', []],
    ['?tag=nobody-has-this', []],
    ['?q=portuguese', ['Open']],
    ['?q=PROG', ['Progress']],
    ['?q=100%25_&filter=deleted', ['Deleted 100%_']],
    ['?q=%25', []],
  ])('%s', async (query, expected) => {
    const { user } = await world();
    expect(await titles(user, query)).toEqual(expected);
  });

  it('refuses a filter outside the whitelist', async () => {
    const user = await buildUser(t);
    expectError(await call(t, 'GET', '/api/objectifs?filter=bogus', user.token), 400, 'VALIDATION_ERROR');
  });

  it('answers 304 to the current ETag, and a new one after any change', async () => {
    const user = await buildUser(t);
    const goal = await buildGoal(t, user);
    const first = await call(t, 'GET', '/api/objectifs', user.token);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"goals-\d+-v\d+"$/);
    const again = await call(t, 'GET', '/api/objectifs?filter=progress', user.token, undefined, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await update(user, goal._id, { isProgress: true });
    const changed = await call(t, 'GET', '/api/objectifs?filter=progress', user.token, undefined, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ObjectiveList>().data.map((g) => g._id)).toEqual([goal._id]);
    // Another user's tag never matches: versions are per user.
    const other = await buildUser(t);
    const theirs = await call(t, 'GET', '/api/objectifs', other.token, undefined, { 'if-none-match': etag });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<ObjectiveList>()).toEqual({ data: [], count: 0 });
  });

  it('sends the list brotli-encoded to a client that accepts it', async () => {
    const user = await buildUser(t);
    await buildGoal(t, user);
    const response = await call(t, 'GET', '/api/objectifs', user.token, undefined, {
      'accept-encoding': 'br',
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
  });
});

describe('deleting and restoring', () => {
  it('moves a goal to deleted, restores it, then deletes it for good', async () => {
    const user = await buildUser(t);
    const goal = await buildGoal(t, user);
    expect((await call(t, 'DELETE', `/api/objectifs/${goal._id}`, user.token)).statusCode).toBe(204);
    expect(await titles(user)).toEqual([]);
    expect(await titles(user, '?filter=deleted')).toEqual([goal.title]);
    const restored = await update(user, goal._id, { isDeleted: false });
    expect(restored.isDeleted).toBe(false);
    expect(await titles(user)).toEqual([goal.title]);

    await call(t, 'DELETE', `/api/objectifs/${goal._id}`, user.token);
    expect((await call(t, 'DELETE', `/api/objectifs/${goal._id}`, user.token)).statusCode).toBe(204);
    expect(await titles(user, '?filter=deleted')).toEqual([]);
    expectError(await call(t, 'GET', `/api/objectifs/${goal._id}`, user.token), 404, 'NOT_FOUND');
    const rows = await t.database.db
      .selectFrom('goal_tasks')
      .select('id')
      .where('goal_id', '=', Number(goal._id))
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("another user's goal", () => {
  it.each([
    ['GET', undefined],
    ['PUT', { title: 'Taken over' }],
    ['PUT', { isDeleted: false }],
    ['DELETE', undefined],
  ] as const)('%s answers 404 and changes nothing', async (method, body) => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const goal = await buildGoal(t, owner);
    await call(t, 'DELETE', `/api/objectifs/${goal._id}`, owner.token);
    const before = await fingerprint(t.database);
    expectError(await call(t, method, `/api/objectifs/${goal._id}`, stranger.token, body), 404, 'NOT_FOUND');
    expect(await fingerprint(t.database)).toEqual(before);
    expect(await titles(stranger, '?filter=deleted')).toEqual([]);
  });
});
