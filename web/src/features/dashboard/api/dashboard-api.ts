/**
 * The dashboard's one call. Read again each time the page opens (other features'
 * changes need not know about it), except just after the route's loader fetched it.
 */
import type { Dashboard } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from '../../../shared/queries/keys';

const unlessJustFetched = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > 2000;

export const getDashboardQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.mine(userId),
    queryFn: () => api.get<Dashboard>('/dashboard'),
    staleTime: 0,
    refetchOnMount: unlessJustFetched,
  });
