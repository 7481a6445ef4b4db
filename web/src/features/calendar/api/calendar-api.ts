/**
 * The calendar calls (D31): the occurrences of a range, and adding, changing and deleting events.
 * Every change reads the ranges again once it settles (D4: no page reload). Moving or resizing by
 * drag is optimistic: the cached ranges change at once and go back with a toast if the server
 * refuses. A repeating event moves as a whole series.
 */
import type {
  CalendarEvent,
  CalendarEvents,
  CreateEventForm,
  EventScope,
  PublicUser,
  UpdateEventForm,
} from '@cadence/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { calendarKeys } from '../../../shared/queries/keys';
import { currentLanguage, type Language } from '../../../lib/i18n';
import { toastError } from '../../../lib/toast';
import { cacheEdit, useHeldDelete } from '../../../lib/use-undo';
import { firstDayOf } from '../lib/calendar-locales';
import { type EventMove, moveInput, moveTimes } from '../lib/event-move';
import { monthGridRange, todayIn } from '../lib/event-times';

export type { EventMove } from '../lib/event-move';

/** A range of days, YYYY-MM-DD, end exclusive: each is 00:00 in the user's time zone (the API's reading). */
export interface CalendarRange {
  start: string;
  end: string;
}

/** The range the calendar opens on: this month's grid in the user's time zone and language. */
export function openingRange(timeZone: string, language: Language): CalendarRange {
  return monthGridRange(todayIn(timeZone), firstDayOf(language));
}

/** The route's prefetch (lazy-pages.ts): the account's time zone, then the month the calendar opens on. */
export async function prefetchCalendar(queryClient: QueryClient, userId: string) {
  const { timeZone } = await queryClient.fetchQuery(getAccountQueryOptions());
  return queryClient.prefetchQuery(getEventsQueryOptions(userId, openingRange(timeZone, currentLanguage())));
}

/** Which occurrences a change or a delete is for (D39): one, it and the later ones, or all. */
export interface Scoped {
  occurrence: string;
  scope: EventScope;
}

const scopeQuery = (scoped?: Scoped) =>
  scoped ? `?${new URLSearchParams({ occurrence: scoped.occurrence, scope: scoped.scope })}` : '';

const eventPath = (id: string, scoped?: Scoped) => `/calender/${encodeURIComponent(id)}${scopeQuery(scoped)}`;
const modifyPath = (id: string, scoped?: Scoped) =>
  `/calender/modify-event/${encodeURIComponent(id)}${scopeQuery(scoped)}`;

/** A copy the route's loader fetched a moment ago (its prefetch in lazy-pages.ts) is not asked for twice. */
const unlessJustFetched = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > 2000;

/**
 * The occurrences of a range answer with their owner and guests as people: the answer lists each
 * person once (D41) and names them by id in each occurrence.
 */
export function withPeople(range: CalendarEvents): { data: CalendarEvent[]; truncated: boolean } {
  const person = (id: string): PublicUser =>
    range.people[id] ?? { _id: id, username: '', fullName: '', avatar: null, country: '' };
  return {
    data: range.data.map((occurrence) => ({
      ...occurrence,
      owner: person(occurrence.user),
      guestUsers: occurrence.guests.map(person),
    })),
    truncated: range.truncated,
  };
}

/** GET /calender/events: every occurrence overlapping the range, mine and those I am a guest of. */
export const getEventsQueryOptions = (userId: string, range: CalendarRange) =>
  queryOptions({
    queryKey: calendarKeys.events(userId, range),
    queryFn: () =>
      api.get<CalendarEvents>(
        `/calender/events?${new URLSearchParams({ start: range.start, end: range.end })}`,
      ),
    select: withPeople,
    refetchOnMount: unlessJustFetched,
    // The next month keeps this one's events on screen until its answer.
    placeholderData: keepPreviousData,
  });

function useCalendarMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

export function useCreateEvent() {
  return useCalendarMutation((input: CreateEventForm) =>
    api.post<CalendarEvent>('/calender/add-event/', input),
  );
}

export function useUpdateEvent() {
  return useCalendarMutation(
    ({ id, input, scoped }: { id: string; input: UpdateEventForm; scoped?: Scoped }) =>
      api.put<CalendarEvent>(modifyPath(id, scoped), input),
  );
}

/**
 * Deletes an event, or the occurrences `scoped` names: they leave the ranges at once and the call
 * is sent when the toast closes, unless Undo (D48, `lib/undo.ts`).
 */
export function useDeleteEvent() {
  const hold = useHeldDelete();
  return useCallback(
    (event: Pick<CalendarEvent, '_id'>, scoped: Scoped | undefined, message: string) => {
      const goes = (occurrence: CalendarEvents['data'][number]) =>
        occurrence._id === event._id &&
        (scoped?.scope === 'this'
          ? occurrence.occurrence === scoped.occurrence
          : scoped?.scope === 'following'
            ? occurrence.occurrence >= scoped.occurrence
            : true);
      hold({
        message,
        edits: [
          cacheEdit<CalendarEvents>(calendarKeys.all, (range) =>
            Array.isArray(range.data) && range.data.some(goes)
              ? { ...range, data: range.data.filter((occurrence) => !goes(occurrence)) }
              : range,
          ),
        ],
        send: (options) => api.delete<undefined>(eventPath(event._id, scoped), options),
        refresh: [calendarKeys.all],
      });
    },
    [hold],
  );
}

export function useMoveEvent() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (move: EventMove) =>
      api.put<CalendarEvent>(
        modifyPath(
          move.event._id,
          move.scope && move.scope !== 'all'
            ? { occurrence: move.event.occurrence, scope: move.scope }
            : undefined,
        ),
        moveInput(move),
      ),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: calendarKeys.all });
      const snapshots = queryClient.getQueriesData<CalendarEvents>({ queryKey: calendarKeys.all });
      // The occurrences the move is for move at once: that one, it and the later ones, or all.
      const moves = (occurrence: CalendarEvents['data'][number]) =>
        occurrence._id === move.event._id &&
        (move.scope === 'this'
          ? occurrence.occurrence === move.event.occurrence
          : move.scope === 'following'
            ? occurrence.occurrence >= move.event.occurrence
            : true);
      queryClient.setQueriesData<CalendarEvents>({ queryKey: calendarKeys.all }, (range) =>
        range?.data
          ? {
              ...range,
              data: range.data.map((occurrence) =>
                moves(occurrence) ? { ...occurrence, ...moveTimes(occurrence, move) } : occurrence,
              ),
            }
          : range,
      );
      return { snapshots };
    },
    onError: (error, _move, context) => {
      for (const [queryKey, data] of context?.snapshots ?? []) queryClient.setQueryData(queryKey, data);
      toastError(t, error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
