/**
 * A point check of a policy (modules/<m>/policy.ts) costs one probe whatever the number of the
 * user's boards, invitations or tasks: the row by its primary key and its membership row by
 * (resource, user), on both engines. The queries are built with the policies' own fragments, as
 * authorizeBoard, authorizeEvent, authorizeMeeting and authorizeTask build them.
 */
import { expect, it } from 'vitest';
import { visibleEvents } from '../modules/calendar/policy';
import { visibleMeetings } from '../modules/meetings/policy';
import { visibleBoards } from '../modules/projects/policy';
import { visibleTasks } from '../modules/todos/policy';
import { usePostgres, useTestApp } from '../test/harness';
import { asRaw, expectIndexed } from '../test/query-plans';

const t = useTestApp();

/** The membership table's probe names both the resource and the user. */
const probe = (table: string, column: string) =>
  usePostgres
    ? new RegExp(
        `on ${table}[\\s\\S]*Index Cond: \\(\\((${column} = 1\\) AND \\(user_id = 2|user_id = 2\\) AND \\(${column} = 1)\\)\\)`,
      )
    : new RegExp(
        `SEARCH ${table} USING (COVERING )?INDEX \\w+ \\((${column}=\\? AND user_id=\\?|user_id=\\? AND ${column}=\\?)\\)`,
      );

it.each([
  [
    'a board (authorizeBoard)',
    () =>
      t.database.db
        .selectFrom('boards')
        .select(['id', 'owner_id', 'version'])
        .where('id', '=', 1)
        .where((eb) => visibleBoards(eb, 2, 1)),
    probe('board_members', 'board_id'),
  ],
  [
    'an event (authorizeEvent)',
    () =>
      t.database.db
        .selectFrom('events')
        .selectAll('events')
        .where('events.id', '=', 1)
        .where((eb) => visibleEvents(eb, 2, 1)),
    probe('event_guests', 'event_id'),
  ],
  [
    'a meeting (authorizeMeeting)',
    () =>
      t.database.db
        .selectFrom('meetings')
        .selectAll('meetings')
        .where('meetings.id', '=', 1)
        .where((eb) => visibleMeetings(eb, 2, 1)),
    probe('meeting_invitations', 'meeting_id'),
  ],
  [
    'a to-do (authorizeTask)',
    () => visibleTasks(t.database.db.selectFrom('todos'), 2, 1).selectAll('todos').where('todos.id', '=', 1),
    probe('todo_assignees', 'todo_id'),
  ],
])('%s is its primary key and one membership probe', async (_name, query, membership) => {
  const plan = await expectIndexed(t, asRaw(query()), /^(board|event|meeting|todo|mine)/);
  expect(plan).toMatch(membership);
});
