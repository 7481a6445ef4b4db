/**
 * The to-dos summary (D30) that the menu shows beside "To-do" and the to-dos page uses for "today":
 * open tasks, those due today and those overdue, with today in the user's time zone (D15). Kept out
 * of the to-dos feature so that the menu does not load it.
 */
import type { TaskSummary } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { todoKeys } from './keys';

export const getTodoSummaryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: todoKeys.summary(userId),
    queryFn: () => api.get<TaskSummary>('/todos/summary'),
    staleTime: 60_000,
  });
