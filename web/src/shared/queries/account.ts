/**
 * The signed-in user's account read and its change, for the account pages and for screens outside
 * them that need one of its settings (the calendar's time zone, the layout's time-zone banner):
 * one query, key and call, so they share one cached copy, and one change that refreshes what
 * follows from the settings.
 */
import type { Account, UpdateAccountInput } from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { rememberAccountLanguage } from '../../lib/language-sync';
import { rememberAccountZone, session } from '../../lib/session';
import {
  accountKey,
  calendarKeys,
  currentUserKey,
  dashboardKeys,
  deviceCalendarsKey,
  meetingKeys,
  todoKeys,
} from './keys';
import { getWorkingHoursQueryOptions } from './working-hours';

export const getAccountQueryOptions = () =>
  queryOptions({ queryKey: accountKey, queryFn: () => api.get<Account>('/account') });

/** Reads the server answers in the account's time zone: its days, "today" and its weeks. */
const zoneDependentKeys = [calendarKeys.all, todoKeys.all, dashboardKeys.all, meetingKeys.all];

/** A change of the account (settings, picture): the new account, or undefined to read it again. */
export function useAccountChange<I>(call: (input: I) => Promise<Account | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (account) => {
      const { queryKey } = getAccountQueryOptions();
      // The zone before: the cached account's, or the stored record's when no page read the account.
      const before = queryClient.getQueryData(queryKey)?.timeZone ?? session.user()?.timeZone;
      if (account) {
        queryClient.setQueryData(queryKey, account);
        rememberAccountLanguage(account.language);
        rememberAccountZone(account.timeZone);
      } else await queryClient.invalidateQueries({ queryKey });
      // Names and picture are part of the stored user record too; working hours carry the time zone;
      // the devices' calendars are named in the account's language until the user names them.
      const stale: (readonly unknown[])[] = [
        currentUserKey,
        getWorkingHoursQueryOptions().queryKey,
        deviceCalendarsKey,
      ];
      if (account && before !== account.timeZone) stale.push(...zoneDependentKeys);
      await Promise.all(stale.map((key) => queryClient.invalidateQueries({ queryKey: key })));
    },
  });
}

export function useUpdateAccount() {
  return useAccountChange((input: UpdateAccountInput) => api.put<Account>('/account', input));
}
