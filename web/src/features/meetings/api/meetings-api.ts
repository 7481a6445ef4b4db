/**
 * The meetings calls (D33, D34): my meetings by state, one meeting, my invitations by status, the
 * available times of a search, and adding, changing, answering and deleting. Every change reads
 * the meetings again, and the calendar too, which shows the meetings with a chosen time (D31).
 */
import type {
  AvailableTimes,
  AvailableTimesInput,
  CreateMeetingForm,
  InvitationStatus,
  Meeting,
  MeetingList,
  MeetingState,
  UpdateMeetingForm,
} from '@cadence/contract';
import { invitationStatuses, meetingParams, meetingStates } from '@cadence/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { calendarKeys, meetingKeys } from '../../../shared/queries/keys';

/** My invitations and the answer to one are shared with /apps/requests and the menu's count. */
export { getInvitationsQueryOptions, useAnswerInvitation } from '../../../shared/queries/meeting-invitations';

/** A meeting's id as the API writes it (a positive 32-bit integer); anything else is the 404 page. */
export function isMeetingId(id: string | null | undefined): id is string {
  return meetingParams.safeParse({ id }).success;
}

/** The list tabs of /apps/meetings, from the address: `?tab=`, `?state=`, `?status=`. */
export type MeetingsTab = 'meetings' | 'invitations';
export interface MeetingsView {
  tab: MeetingsTab;
  state: MeetingState;
  status: InvitationStatus;
}

export function meetingsView(search: URLSearchParams): MeetingsView {
  const state = search.get('state') as MeetingState;
  const status = search.get('status') as InvitationStatus;
  return {
    tab: search.get('tab') === 'invitations' ? 'invitations' : 'meetings',
    state: meetingStates.includes(state) ? state : 'active',
    status: invitationStatuses.includes(status) ? status : 'pending',
  };
}

const meetingPath = (id: string) => `/meetings/${encodeURIComponent(id)}`;

/** A copy the route's loader fetched a moment ago (its prefetch in lazy-pages.ts) is not asked for twice. */
const unlessJustFetched = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > 2000;

/** GET /meetings?state=: the meetings I organise or am invited to. */
export const getMeetingsQueryOptions = (state: MeetingState) =>
  queryOptions({
    queryKey: meetingKeys.list(state),
    queryFn: () => api.get<MeetingList>(`/meetings?${new URLSearchParams({ state })}`),
    refetchOnMount: unlessJustFetched,
  });

/** GET /meetings/{id}: one meeting I organise or am invited to (404 otherwise). */
export const getMeetingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: meetingKeys.one(id),
    queryFn: () => api.get<Meeting>(meetingPath(id)),
    refetchOnMount: unlessJustFetched,
    // A stranger's or a missing meeting stays missing: show the 404 page at once.
    retry: false,
  });

/** POST /meetings/available-times: the start times when everyone is free, by my days. */
export const getAvailableTimesQueryOptions = (input: AvailableTimesInput) =>
  queryOptions({
    queryKey: meetingKeys.availableTimes(input),
    queryFn: () => api.post<AvailableTimes>('/meetings/available-times', input),
    // Another duration or range keeps the last times on screen until its answer.
    placeholderData: keepPreviousData,
    // Free times change with everyone's calendars: read them again rather than trust an old copy.
    staleTime: 0,
  });

/** Every change reads the meetings (lists, invitations, times) and the calendar again. */
function useMeetingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
        queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
      ]),
  });
}

export function useCreateMeeting() {
  return useMeetingMutation((input: CreateMeetingForm) => api.post<Meeting>('/meetings', input));
}

/** The organiser's changes: fields, time, step, state (archive, restore), completed. */
export function useUpdateMeeting() {
  return useMeetingMutation(({ id, input }: { id: string; input: UpdateMeetingForm }) =>
    api.put<Meeting>(meetingPath(id), input),
  );
}

export function useDeleteMeeting() {
  return useMeetingMutation((id: string) => api.delete<undefined>(meetingPath(id)));
}
