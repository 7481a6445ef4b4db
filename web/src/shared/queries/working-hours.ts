/**
 * The signed-in user's working hours (D22, D32), read and saved from the meetings page and from
 * account settings alike.
 */
import type { UpdateWorkingHoursInput, WorkingHours } from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { rememberAccountZone } from '../../lib/session';
import { accountKey, calendarKeys, meetingKeys, workingHoursKey } from './keys';

export const getWorkingHoursQueryOptions = () =>
  queryOptions({ queryKey: workingHoursKey, queryFn: () => api.get<WorkingHours>('/working-hours') });

export function useSaveWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateWorkingHoursInput) => api.put<WorkingHours>('/working-hours', input),
    onSuccess: async (saved) => {
      const { queryKey } = getWorkingHoursQueryOptions();
      const before = queryClient.getQueryData(queryKey)?.timeZone;
      queryClient.setQueryData(queryKey, saved);
      // Everyone's free times are found from their working hours.
      const stale: (readonly string[])[] = [meetingKeys.all];
      // The time zone is the account's: the calendar's days and the account page follow it.
      if (before !== saved.timeZone) {
        stale.push(accountKey, calendarKeys.all);
        rememberAccountZone(saved.timeZone);
      }
      await Promise.all(stale.map((key) => queryClient.invalidateQueries({ queryKey: key })));
    },
  });
}
