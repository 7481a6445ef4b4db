/**
 * The dashboard reads with indexed queries whatever the number of rows: the plan of each query it
 * makes names an index on both engines (see test/query-plans.ts); the calendar's range read has
 * its own (calendar/query-plans.test.ts). The weeks' sums read the owned tasks by one range of
 * (owner, completed_at), the assigned ones through their assignee rows.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { usePostgres, useTestApp } from '../../test/harness';
import { expectIndexed } from '../../test/query-plans';

const t = useTestApp();
const no = usePostgres ? false : 0;
const yes = usePostgres ? true : 1;
const since = '2026-03-23T00:00:00.000Z';

it('reads the tasks completed in the weeks by a range of (owner, completed_at) and the assignees', async () => {
  const done = sql`todos.completed_at >= ${since} and todos.is_deleted = ${no} and todos.is_completed = ${yes}`;
  const plan = await expectIndexed(
    t,
    sql`select sum(case when done.completed_at >= ${since} and done.completed_at < ${'2026-03-30T00:00:00.000Z'}
        then 1 else 0 end) as week0
      from (select todos.id, todos.completed_at from todos where todos.owner_id = ${1} and ${done}
        union select todos.id, todos.completed_at from todo_assignees
          inner join todos on todos.id = todo_assignees.todo_id
          where todo_assignees.user_id = ${1} and ${done}) as done`,
    /^(todo)/,
  );
  expect(plan).toMatch(
    usePostgres
      ? /todos_owner_completed on todos .*\n\s+Index Cond: \(\(owner_id = \d+\) AND \(completed_at >= /
      : /todos_owner_completed \(owner_id=\? AND completed_at>\?\)/,
  );
});

/** The tasks a user sees: owned, or assigned to them. */
const visible = sql`todos.id in (select mine.id from todos as mine where mine.owner_id = ${1}
  union all select todo_assignees.todo_id as id from todo_assignees where todo_assignees.user_id = ${1})`;

it.each([
  [
    'the completed tasks',
    sql`select count(*) from todos where ${visible} and todos.is_deleted = ${no} and todos.is_completed = ${yes}`,
  ],
  [
    'the open ones due today and overdue (the to-dos summary)',
    sql`select count(*), sum(case when due_date = ${'2026-05-13'} then 1 else 0 end) from todos where ${visible}
      and is_deleted = ${no} and is_completed = ${no}`,
  ],
  [
    'the goals, open first, the latest changed first',
    sql`select id, title, is_done, is_progress from goals where user_id = ${1} and is_deleted = ${no}
      order by is_done, updated_at desc, id desc limit 5`,
  ],
  ['their tasks', sql`select goal_id, done, percentage from goal_tasks where goal_id in (${1}, ${2})`],
  ['the friend requests received', sql`select count(*) from friend_requests where to_user_id = ${1}`],
  [
    'the meeting invitations pending',
    sql`select count(*) from meeting_invitations inner join meetings on meetings.id = meeting_invitations.meeting_id
      where meeting_invitations.user_id = ${1} and meeting_invitations.status = ${'pending'}
      and meetings.state = ${'active'} and meetings.completed = ${no}`,
  ],
  [
    'the boards, the latest changed first',
    sql`select * from (select boards.id, boards.name, boards.updated_at from boards where boards.owner_id = ${1}
        union select boards.id, boards.name, boards.updated_at from board_members
          inner join boards on boards.id = board_members.board_id where board_members.user_id = ${1}) as reachable
      order by reachable.updated_at desc, reachable.id desc limit 5`,
  ],
])('%s are served by an index', async (_name, query) => {
  await expectIndexed(t, query, /^(todo|mine|goal|friend|meeting|board)/);
});
