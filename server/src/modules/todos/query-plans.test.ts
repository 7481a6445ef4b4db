/**
 * A to-do list reads with indexed queries whatever the number of tasks: the plan of each query the
 * list makes names an index (see projects/query-plans.test.ts for why sequential scans are turned
 * off on PostgreSQL for the check).
 */
import { sql } from 'kysely';
import { it } from 'vitest';
import { usePostgres, useTestApp } from '../../test/harness';
import { expectIndexed } from '../../test/query-plans';

const t = useTestApp();
const no = usePostgres ? false : 0;
const yes = usePostgres ? true : 1;

/** The tasks a user sees: owned, or assigned to them. */
const visible = sql`todos.id in (select mine.id from todos as mine where mine.owner_id = ${1}
  union all select todo_assignees.todo_id from todo_assignees where todo_assignees.user_id = ${1})`;
const queries = {
  'important by due date': sql`select * from todos where ${visible} and todos.is_deleted = ${no}
    and todos.is_important = ${yes}
    order by case when todos.due_date is null then 1 else 0 end, todos.due_date, todos.id desc limit 50`,
  'count with a tag': sql`select count(*) from todos where ${visible} and todos.is_deleted = ${no}
    and exists (select todo_tags.todo_id from todo_tags left join tags on tags.id = todo_tags.tag_id
      where todo_tags.todo_id = todos.id and (todo_tags.built_in = ${'high'} or lower(tags.name) = ${'high'}))`,
  'assigned to me': sql`select todo_id from todo_assignees where user_id = ${1}`,
  'a page’s assignees': sql`select * from todo_assignees where todo_id in (${1}, ${2})`,
  'a page’s tags': sql`select * from todo_tags where todo_id in (${1}, ${2}) order by todo_id, position`,
};

it.each(Object.entries(queries))('%s is served by an index', async (_name, query) => {
  await expectIndexed(t, query, /^(todo|tags|mine)/);
});
