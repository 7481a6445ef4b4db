/** The signed-in user's own settings, password and picture (D15). */
import type { Account, ChangePasswordInput, UpdateAccountInput } from '@cadence/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { rememberAccountLanguage } from '../../../lib/language-sync';
import { currentUserKey } from '../../../shared/queries/keys';
import { getWorkingHoursQueryOptions } from '../../../shared/queries/working-hours';

export { getAccountQueryOptions } from '../../../shared/queries/account';
export { getBillingQueryOptions } from '../../../shared/queries/billing';

function useAccountChange<I>(call: (input: I) => Promise<Account | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (account) => {
      if (account) {
        queryClient.setQueryData(getAccountQueryOptions().queryKey, account);
        rememberAccountLanguage(account.language);
      } else await queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey });
      // Names and picture are part of the stored user record too; working hours carry the time zone.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: getWorkingHoursQueryOptions().queryKey }),
      ]);
    },
  });
}

export function useUpdateAccount() {
  return useAccountChange((input: UpdateAccountInput) => api.put<Account>('/account', input));
}

export function useUploadAvatar() {
  return useAccountChange((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<Account>('POST', '/account/avatar', form);
  });
}

export function useRemoveAvatar() {
  return useAccountChange(() => api.delete<undefined>('/account/avatar'));
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<undefined>('/account/password', input),
  });
}
