/** The signed-in user's own settings, password and picture (D15). */
import type { Account, ChangePasswordInput } from '@cadence/contract';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { useAccountChange } from '../../../shared/queries/account';

export { getAccountQueryOptions, useUpdateAccount } from '../../../shared/queries/account';
export { getBillingQueryOptions } from '../../../shared/queries/billing';

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
