/**
 * The live stream's `resync`: the server's link to the other instances came back, so
 * every query is invalidated — except a board under a drag, which waits for the drop. And frames
 * that are not events of the contract's union are ignored.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./session', () => ({ session: { accessToken: () => 'token', refreshToken: () => 'refresh' } }));
vi.mock('./api-client', () => ({
  endSession: vi.fn(),
  refreshAccessToken: vi.fn(() => Promise.resolve('token')),
}));

const { holdLive } = await import('./live-connection');
const { boardDrag } = await import('./live-events');
const { chatKeys, notificationsKey, projectKeys } = await import('../shared/queries/keys');

/** A stream whose frames the test pushes; the fetch of /api/live answers it (once, then hangs). */
function fakeStream() {
  let push!: (frame: string) => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (frame) => controller.enqueue(encoder.encode(frame));
    },
  });
  let answered = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (answered)
        return new Promise<Response>(() => init.signal?.addEventListener('abort', () => undefined));
      answered = true;
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return { push: (frame: string) => push(frame) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the live stream', () => {
  it('on resync, invalidates every query but a board under a drag, which follows the drop', async () => {
    const stream = fakeStream();
    const queryClient = new QueryClient();
    for (const key of [
      ['calendar', 'week'],
      ['projects', 'list'],
      ['projects', 'board', 'dragged'],
      ['projects', 'board', 'other'],
      ['dashboard'],
    ]) {
      queryClient.setQueryData(key, { data: { version: 1 } });
    }
    const release = holdLive(queryClient);
    try {
      stream.push('retry: 2000\n\nevent: ready\ndata: {"userId":"1"}\n\n');
      await settle();
      const invalidated = () =>
        queryClient
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.isInvalidated)
          .map((query) => query.queryKey.join('/'))
          .sort();
      expect(invalidated()).toEqual([]);

      boardDrag.start('dragged');
      stream.push('event: resync\ndata: {}\n\n');
      // Read as it arrives, not after a fixed pause: on a loaded machine 20 ms was not always enough.
      await vi.waitFor(() =>
        expect(invalidated()).toEqual([
          'calendar/week',
          'dashboard',
          'projects/board/other',
          'projects/list',
        ]),
      );
      boardDrag.end('dragged');
      expect(invalidated()).toContain('projects/board/dragged');
    } finally {
      release();
    }
  });

  it('ignores an event it does not know or cannot read, and goes on with the next', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stream = fakeStream();
    const queryClient = new QueryClient();
    for (const key of [projectKeys.board('7'), notificationsKey, chatKeys.list]) {
      queryClient.setQueryData(key, { data: { version: 1 } });
    }
    const release = holdLive(queryClient);
    try {
      stream.push('event: ready\ndata: {"userId":"1"}\n\n');
      stream.push('event: weather\ndata: {"sunny":true}\n\n');
      stream.push('event: board\ndata: {"boardId":"7","version":"two"}\n\n');
      stream.push('event: chat\ndata: not json\n\n');
      await settle();
      const invalidated = () =>
        queryClient
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.isInvalidated)
          .map((query) => query.queryKey.join('/'));
      expect(invalidated()).toEqual([]);
      // Told in development, once per frame.
      expect(warn).toHaveBeenCalledTimes(3);

      stream.push('event: board\ndata: {"boardId":"7","version":2}\n\n');
      stream.push('event: notification\ndata: {}\n\n');
      await vi.waitFor(() => expect(invalidated().sort()).toEqual(['notifications', 'projects/board/7']));
    } finally {
      release();
      warn.mockRestore();
    }
  });
});
