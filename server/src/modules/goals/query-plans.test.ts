/**
 * A list of goals reads with indexed queries whatever the number of goals: the plan of each query
 * the list makes names an index (see projects/query-plans.test.ts for why sequential scans are
 * turned off on PostgreSQL for the check).
 */
import { sql } from 'kysely';
import { it } from 'vitest';
import { usePostgres, useTestApp } from '../../test/harness';
import { expectIndexed } from '../../test/query-plans';

const t = useTestApp();
const no = usePostgres ? false : 0;
const yes = usePostgres ? true : 1;

/** The goals of a list: the user's, deleted or not, with a state, a tag and words. */
const scope = sql`select goals.id from goals where user_id = ${1} and is_deleted = ${no}`;
const queries = {
  goals: sql`select * from goals where user_id = ${1} and is_deleted = ${no} order by id desc`,
  'goals in progress with a tag and words': sql`select * from goals where user_id = ${1} and is_deleted = ${no}
    and is_progress = ${yes}
    and exists (select goal_tags.goal_id from goal_tags where goal_tags.goal_id = goals.id and goal_tags.built_in = ${'high'})
    and (lower(goals.title) like ${'%run%'} escape '\\' or lower(goals.description) like ${'%run%'} escape '\\')
    order by id desc`,
  goal_sub_objectives: sql`select * from goal_sub_objectives where goal_id in (${scope}) order by goal_id, position`,
  goal_tasks: sql`select * from goal_tasks where goal_id in (${scope}) order by sub_objective_id, position`,
  goal_tags: sql`select goal_tags.goal_id, goal_tags.built_in, tags.name from goal_tags
    left join tags on tags.id = goal_tags.tag_id where goal_tags.goal_id in (${scope})
    order by goal_tags.goal_id, goal_tags.position`,
  list_versions: sql`select version from list_versions where user_id = ${1} and list = ${'goals'}`,
};

it.each(Object.entries(queries))('%s is served by an index', async (_name, query) => {
  await expectIndexed(t, query, /^(goal|tags|list_)/);
});
