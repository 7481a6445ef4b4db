/**
 * My meeting invitations (D24, D34), shared by /apps/requests, the menu's count of things waiting
 * and the meetings pages; and the answer to one. Types only from the contract: the menu loads this.
 */
import type { InvitationList, InvitationStatus, Meeting } from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { toastError, toastSuccess } from '../../lib/toast';
import { calendarKeys, meetingKeys } from './keys';

export const getInvitationsQueryOptions = (status?: InvitationStatus) =>
  queryOptions({
    queryKey: meetingKeys.invitations(status ?? 'all'),
    queryFn: () => api.get<InvitationList>(`/meetings/invitations${status ? `?status=${status}` : ''}`),
  });

export interface InvitationAnswer {
  meeting: Pick<Meeting, '_id' | 'name'>;
  status: 'accepted' | 'refused';
}

/** Answers, then says so in a toast (or shows the refusal: 409 once the meeting is archived or completed). */
export function useAnswerInvitation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meeting, status }: InvitationAnswer) =>
      api.put<Meeting>(`/meetings/${meeting._id}/invitation`, { status }),
    onSuccess: (_, { meeting, status }) =>
      toastSuccess(
        t,
        status === 'accepted'
          ? t('common.invitation.accepted', { name: meeting.name })
          : t('common.invitation.declined', { name: meeting.name }),
      ),
    onError: (error) => toastError(t, error),
    // Accepted meetings show on the calendar.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
        queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
      ]),
  });
}
