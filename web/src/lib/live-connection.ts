/**
 * The live stream (D38): `GET /api/live` read with fetch, so the access token travels in the
 * Authorization header and never in an address. Each frame is parsed with the contract's union
 * (`liveStreamEvent`): one this client does not know, or a malformed one, is ignored. What arrives
 * invalidates the queries it concerns (keys from `shared/queries/keys.ts`), and TanStack Query
 * refetches those on screen. The stream reconnects at once with a fresh token when the server
 * says `expired`, and with a growing, jittered delay after a drop; after any reconnection the live
 * lists are asked again, since events may have been missed meanwhile.
 * `resync` (the server's link to the other instances came back: their events of the meantime were
 * lost) makes every query on screen read again. A stopping server ends the stream with a `retry`
 * hint: the stream comes back after about that long (the load balancer sends it elsewhere), not
 * counted as a failure.
 *
 * Loaded lazily by the signed-in layouts: nothing of it is in the entry chunk.
 */
import type { Board } from '@cadence/contract';
import type { LiveStreamEvent, liveStreamEvent } from '@cadence/contract/live';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import {
  bookingKeys,
  calendarKeys,
  chatKeys,
  dashboardKeys,
  friendKeys,
  groupKeys,
  meetingKeys,
  notificationsKey,
  projectKeys,
  todoKeys,
} from '../shared/queries/keys';
import { endSession, refreshAccessToken } from './api-client';
import { boardDrag } from './live-events';
import { session } from './session';

const MAX_BACKOFF_MS = 30_000;

/** The events that only make queries stale; boards are handled on their own. */
type StaleEvent = Extract<
  LiveStreamEvent,
  { type: 'request' | 'notification' | 'chat' | 'presence' | 'calendar' | 'todos' }
>;

/** What each event makes stale (query key prefixes). */
const stale: Record<StaleEvent['type'], readonly QueryKey[]> = {
  // A request answered changes friends, the groups one may fill, the chats' contacts, a meeting's
  // guests on the calendar, and the dashboard's counts.
  request: [
    friendKeys.all,
    groupKeys.all,
    meetingKeys.all,
    calendarKeys.all,
    chatKeys.all,
    dashboardKeys.all,
  ],
  // A booking made, moved or cancelled (D44) comes with the host's notification.
  notification: [notificationsKey, bookingKeys.bookings],
  chat: [chatKeys.all],
  // Who is online shows in the list only: the open conversation's pages need not be read again.
  presence: [chatKeys.list],
  // D45: someone else changed the user's calendar or to-dos; the dashboard counts both.
  calendar: [calendarKeys.all, dashboardKeys.all],
  todos: [todoKeys.all, dashboardKeys.all],
};
/** Asked again after a reconnection: everything an event could have changed (each key's area). */
const missed: QueryKey[] = [
  ...new Set([...Object.values(stale).flat(), projectKeys.all].map((key) => key[0])),
].map((area) => [area]);

/**
 * The event a frame carries, or undefined: a frame of a newer server, or a malformed one, is
 * ignored (and told in development).
 */
function parseFrame(
  events: typeof liveStreamEvent,
  event: string | undefined,
  data: string,
): LiveStreamEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    json = undefined;
  }
  const parsed = events.safeParse({ type: event, data: json });
  if (parsed.success) return parsed.data;
  if (import.meta.env.DEV) console.warn(`live: ignored an event the app does not know: ${event} ${data}`);
  return undefined;
}

let users = 0;
let stop: (() => void) | null = null;

/**
 * Starts the stream if it is not running; the returned function lets go of it (the stream stops
 * when nobody holds it). The layouts hold it while a user is signed in.
 */
export function holdLive(queryClient: QueryClient): () => void {
  users += 1;
  stop ??= run(queryClient);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0) {
      stop?.();
      stop = null;
    }
  };
}

function applyBoard(queryClient: QueryClient, boardId: string, version: number): void {
  void queryClient.invalidateQueries({ queryKey: projectKeys.lists });
  const key = projectKeys.board(boardId);
  const cached = queryClient.getQueryData<{ data: Board }>(key);
  // Our own write (its answer is here already), or an older event than what is shown.
  if (cached && cached.data.version >= version) return;
  // Our own write in flight: its settling read brings the board.
  if (queryClient.isMutating({ mutationKey: projectKeys.boardChange(boardId) }) > 0) return;
  if (boardDrag.holds(boardId)) return;
  void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/**
 * Everything may have changed: every query is stale, and those on screen are read again — but not
 * a board under a drag (it waits for the drop) or whose own change is in flight (its settling read
 * follows).
 */
function resync(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const boardId = projectKeys.boardOf(queryKey);
      if (boardId === undefined) return true;
      if (queryClient.isMutating({ mutationKey: projectKeys.boardChange(boardId) }) > 0) return false;
      return !boardDrag.holds(boardId);
    },
  });
}

function run(queryClient: QueryClient): () => void {
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let failures = 0;
  let connectedBefore = false;
  /** A 401 was answered with a refreshed token once: a second 401 in a row backs off. */
  let retried = false;
  /** The `retry` hint with which the server ended the last stream, if it did. */
  let hint: number | null = null;

  boardDrag.onFlush((boardId) => {
    if (queryClient.isMutating({ mutationKey: projectKeys.boardChange(boardId) }) > 0) return;
    void queryClient.invalidateQueries({ queryKey: projectKeys.board(boardId), exact: true });
  });

  /** Every event but `expired`, which ends the connection (`connect`). */
  const onEvent = (event: Exclude<LiveStreamEvent, { type: 'expired' }>) => {
    switch (event.type) {
      case 'ready':
        failures = 0;
        retried = false;
        if (connectedBefore) for (const key of missed) void queryClient.invalidateQueries({ queryKey: key });
        connectedBefore = true;
        return;
      case 'board':
        applyBoard(queryClient, event.data.boardId, event.data.version);
        return;
      case 'resync':
        resync(queryClient);
        return;
      default:
        for (const key of stale[event.type]) void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  /** One connection, until it ends: how it ended (`planned`: a `retry` hint after `ready`). */
  async function connect(token: string): Promise<'expired' | 'unauthorized' | 'dropped' | 'planned'> {
    controller = new AbortController();
    // The union (and zod) load while the stream connects, not before: the server holds what it
    // sends meanwhile, and an event sent before the stream opened would be lost.
    const contract = import('@cadence/contract/live');
    // Awaited below once the stream is open, where a failure counts as a drop.
    contract.catch(() => undefined);
    const response = await fetch('/api/live', {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
      cache: 'no-store',
    });
    if (response.status === 401) return 'unauthorized';
    if (!response.ok || !response.body) return 'dropped';
    const { liveStreamEvent } = await contract;
    let expired = false;
    let ready = false;
    hint = null;
    const parser = createParser({
      onEvent: (message) => {
        const event = parseFrame(liveStreamEvent, message.event, message.data);
        if (!event) return;
        if (event.type === 'ready') ready = true;
        if (event.type === 'expired') expired = true;
        else onEvent(event);
      },
      // The hint before `ready` is the stream's standing one; one after it announces the end.
      onRetry: (ms) => {
        if (ready) hint = ms;
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
    if (expired) return 'expired';
    return hint === null ? 'dropped' : 'planned';
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let token = session.accessToken();
      let outcome: 'expired' | 'unauthorized' | 'dropped' | 'planned';
      try {
        outcome = token ? await connect(token) : 'unauthorized';
      } catch {
        if (stopped) return;
        outcome = 'dropped';
      }
      if (stopped) return;
      if (outcome === 'expired' || outcome === 'unauthorized') {
        token = await refreshAccessToken();
        if (stopped) return;
        if (!token) {
          // The session cannot be renewed: the same end as any call's.
          if (session.refreshToken()) endSession();
          return;
        }
        if (outcome === 'expired') continue;
        if (!retried) {
          retried = true;
          continue;
        }
      }
      let delay: number;
      if (outcome === 'planned' && hint !== null) {
        delay = Math.min(MAX_BACKOFF_MS, hint) * (0.5 + Math.random());
      } else {
        failures += 1;
        delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
      }
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, delay);
      });
    }
  }

  void loop();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
