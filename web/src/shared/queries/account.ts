/**
 * The signed-in user's account read, for screens outside the account pages that need one of its
 * settings (the calendar's time zone). The same query, key and call as the account pages' own
 * (`features/account/api/account-api.ts`), so they share one cached copy.
 */
import type { Account } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { accountKey } from './keys';

export const getAccountQueryOptions = () =>
  queryOptions({ queryKey: accountKey, queryFn: () => api.get<Account>('/account') });
