/** App passwords for calendar apps (CalDAV, D43), from Account settings → Apps and devices. */
import type { AppPassword, AppPasswordCreated, CreateAppPasswordInput } from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appPasswordsKey } from '../../../shared/queries/keys';

export const getAppPasswordsQueryOptions = () =>
  queryOptions({
    queryKey: appPasswordsKey,
    queryFn: () => api.get<AppPassword[]>('/account/app-passwords'),
  });

export function useCreateAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppPasswordInput) =>
      api.post<AppPasswordCreated>('/account/app-passwords', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appPasswordsKey }),
  });
}

export function useRevokeAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/account/app-passwords/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appPasswordsKey }),
  });
}
