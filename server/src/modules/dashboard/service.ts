/**
 * The dashboard of one's own work: one answer from the user's to-dos, goals, calendar, requests and
 * boards, its counts asked of the services that own them, the rest read here (query-plans.test.ts).
 */
import {
  DASHBOARD_LIST_MAX,
  DASHBOARD_UPCOMING_DAYS,
  DASHBOARD_WEEKS,
  type Dashboard,
  type GoalStatus,
  goalProgress,
} from '@cadence/contract';
import { DateTime } from 'luxon';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import type { ServiceDeps } from '../../deps';
import type { CalendarReads } from '../calendar/range';
import type { FriendsService } from '../friends/service';
import { ownGoals } from '../goals/policy';
import { visibleBoardSummaries } from '../projects/policy';
import type { InvitationsService } from '../meetings/invitations';
import { visibleTasks } from '../todos/policy';
import type { TodosService } from '../todos/service';

export type DashboardServiceDeps = Pick<ServiceDeps, 'db'> & {
  todos: Pick<TodosService, 'summary'>;
  calendar: Pick<CalendarReads, 'range'>;
  friends: Pick<FriendsService, 'incomingCount'>;
  meetingInvitations: Pick<InvitationsService, 'pending'>;
};

const DAY_MS = 86_400_000;

/**
 * The Mondays that start the last `weeks` weeks in the zone, oldest first, and the instant each
 * starts, with the next Monday's as the end of the last week. Days and instants of the zone, so a
 * week across a change of offset is 167 or 169 hours long.
 */
export function weeksIn(timeZone: string, now: Date, weeks = DASHBOARD_WEEKS) {
  const current = DateTime.fromJSDate(now, { zone: timeZone }).startOf('week');
  const starts = Array.from({ length: weeks + 1 }, (_, index) => current.minus({ weeks: weeks - 1 - index }));
  return {
    days: starts.slice(0, weeks).map((start) => start.toISODate()!),
    bounds: starts.map((start) => new Date(start.toMillis()).toISOString()),
  };
}

export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  async dashboard(user: { id: number; time_zone: string }, now = new Date()): Promise<Dashboard> {
    const { db } = this.deps;
    const [summary, completed, goals, upcoming, friendRequests, meetingInvitations, boards] =
      await Promise.all([
        this.deps.todos.summary(user.id, user.time_zone),
        this.completed(db, user.id, user.time_zone, now),
        this.goals(db, user.id),
        this.upcoming(user.id, user.time_zone, now),
        this.deps.friends.incomingCount(user.id),
        this.deps.meetingInvitations.pending(user.id),
        this.boards(db, user.id),
      ]);
    return {
      timeZone: user.time_zone,
      tasks: {
        open: summary.open,
        completed: completed.total,
        overdue: summary.overdue,
        dueToday: summary.dueToday,
        completedPerWeek: completed.perWeek,
      },
      goals,
      upcoming,
      requests: { friendRequests, meetingInvitations },
      boards,
    };
  }

  /**
   * The completed tasks the user owns or is assigned to, not deleted: all of them, and those of
   * each week by their completion time.
   */
  private async completed(db: Db, userId: number, timeZone: string, now: Date) {
    const { days, bounds } = weeksIn(timeZone, now);
    const since = bounds[0]!;
    const total = await visibleTasks(db.selectFrom('todos'), userId)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('todos.is_deleted', '=', false)
      .where('todos.is_completed', '=', true)
      .executeTakeFirstOrThrow();
    // The tasks owned by a range of (owner, completed_at), the assigned ones through their
    // assignee rows; `union` counts once a task its owner assigned to themselves.
    const owned = db
      .selectFrom('todos')
      .select(['todos.id', 'todos.completed_at'])
      .where('todos.owner_id', '=', userId)
      .where('todos.completed_at', '>=', since)
      .where('todos.is_deleted', '=', false)
      .where('todos.is_completed', '=', true);
    const assigned = db
      .selectFrom('todo_assignees')
      .innerJoin('todos', 'todos.id', 'todo_assignees.todo_id')
      .select(['todos.id', 'todos.completed_at'])
      .where('todo_assignees.user_id', '=', userId)
      .where('todos.completed_at', '>=', since)
      .where('todos.is_deleted', '=', false)
      .where('todos.is_completed', '=', true);
    const weeks = await db
      .selectFrom(owned.union(assigned).as('done'))
      .select((eb) =>
        days.map((_, index) =>
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(
                  eb.and([
                    eb('done.completed_at', '>=', bounds[index]!),
                    eb('done.completed_at', '<', bounds[index + 1]!),
                  ]),
                )
                .then(1)
                .else(0)
                .end(),
            )
            .as(`week${index}`),
        ),
      )
      .executeTakeFirstOrThrow();
    const sums = weeks as Record<string, number | string | null>;
    return {
      total: Number(total.count),
      perWeek: days.map((weekStart, index) => ({ weekStart, count: Number(sums[`week${index}`] ?? 0) })),
    };
  }

  /**
   * Up to five goals not deleted, open and in progress before done, the latest changed first; the
   * progress by the contract's rule (D29) from their tasks' weights.
   */
  private async goals(db: Db, userId: number): Promise<Dashboard['goals']> {
    const rows = await ownGoals(db.selectFrom('goals'), userId)
      .select(['id', 'title', 'is_done', 'is_progress'])
      .where('is_deleted', '=', false)
      .orderBy('is_done')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_LIST_MAX)
      .execute();
    if (rows.length === 0) return [];
    const tasks = await db
      .selectFrom('goal_tasks')
      .select(['goal_id', 'done', 'percentage'])
      .where(
        'goal_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => {
      const own = tasks
        .filter((task) => task.goal_id === row.id)
        .map((task) => ({ done: bool(task.done), percentage: task.percentage }));
      const status: GoalStatus = bool(row.is_done) ? 'done' : bool(row.is_progress) ? 'progress' : 'open';
      return { _id: String(row.id), title: row.title, progress: goalProgress([{ tasks: own }]), status };
    });
  }

  /**
   * The calendar's range read from now on (repeating events expanded, accepted meetings
   * included): the first occurrences not over yet.
   */
  private async upcoming(userId: number, timeZone: string, now: Date): Promise<Dashboard['upcoming']> {
    const { data } = await this.deps.calendar.range(userId, timeZone, {
      start: now.toISOString(),
      end: new Date(now.getTime() + DASHBOARD_UPCOMING_DAYS * DAY_MS).toISOString(),
    });
    return data.slice(0, DASHBOARD_LIST_MAX).map((entry) => ({
      kind: entry.kind,
      id: entry._id,
      title: entry.title,
      start: entry.start,
      end: entry.end,
      allDay: entry.allDay,
    }));
  }

  /** Up to five boards the user owns or is a member of, the latest changed first. */
  private async boards(db: Db, userId: number): Promise<Dashboard['boards']> {
    const rows = await db
      .selectFrom(visibleBoardSummaries(db, userId).as('reachable'))
      .selectAll()
      .orderBy('reachable.updated_at', 'desc')
      .orderBy('reachable.id', 'desc')
      .limit(DASHBOARD_LIST_MAX)
      .execute();
    return rows.map((row) => ({ _id: String(row.id), title: row.name, updatedAt: row.updated_at }));
  }
}
