/**
 * Undo for deletions and archives (D48, decisions §65). A deletion is held in the browser while
 * its toast is open: the thing leaves the cached reads at once, Undo puts it back and sends
 * nothing, and the DELETE goes out when the toast closes. A pending deletion goes out at once when
 * another one starts, when the page is left (`pagehide`, with `keepalive`) and at sign-out. Nothing
 * is deleted and made again, so what Undo brings back is exactly what was there. An archive is
 * made at once and undone by sending the reverse change. The hooks pages use are in `use-undo.ts`;
 * this file holds the mechanism alone, free of React and of the toasts' library.
 */
import { hashKey, partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** How a request goes out: `keepalive` when the page is being left. */
export interface SendOptions {
  keepalive: boolean;
}

/** One change to the cached reads under `queryKey` (or that read alone, `exact`): each goes through `update`. */
export interface CacheEdit {
  queryKey: QueryKey;
  exact: boolean;
  update: (data: unknown) => unknown;
}

/** A typed cache edit; reads not yet loaded are left alone. */
export function cacheEdit<T>(queryKey: QueryKey, update: (data: T) => T, exact = false): CacheEdit {
  return { queryKey, exact, update: (data) => (data === undefined ? data : update(data as T)) };
}

const covers = (edit: CacheEdit, queryKey: QueryKey) =>
  edit.exact ? hashKey(queryKey) === hashKey(edit.queryKey) : partialMatchKey(queryKey, edit.queryKey);

export interface HeldDelete {
  /** The toast's text ("To-do deleted"). */
  message: string;
  /** How the thing leaves the cached reads. */
  edits: CacheEdit[];
  /** The DELETE itself. */
  send: (options: SendOptions) => Promise<unknown>;
  /** The reads to ask for again once the DELETE has been answered (or refused). */
  refresh: QueryKey[];
  /** Reads of the thing itself, dropped once it is gone (a deleted board's). */
  forget?: QueryKey[];
}

/** What the queue needs of a toast: show one with Undo, hide it; `onClose` runs however it closes. */
export interface UndoToastPort {
  show: (toast: { message: string; onUndo: () => void; onClose: () => void }) => string;
  hide: (id: string) => void;
}

interface Pending {
  held: HeldDelete;
  snapshots: [QueryKey, unknown][];
  toastId: string;
  /** A read under the edited keys changed meanwhile (an answer, another change). */
  changed: boolean;
  stopWatching: () => void;
}

export interface UndoQueue {
  hold: (held: HeldDelete) => void;
  /** Puts the pending thing back; sends nothing. */
  undo: () => void;
  /**
   * Sends the pending DELETE now; resolves when it is answered. With `keepalive` (the page or the
   * session is ending) the reads are not asked for again.
   */
  flush: (options?: SendOptions) => Promise<void>;
  /** Whether a deletion is waiting. */
  pending: () => boolean;
  dispose: () => void;
}

/**
 * One queue per query client. `leaving` is where `pagehide` is heard (the window in the app);
 * `onError` shows a refused DELETE.
 */
export function createUndoQueue(
  queryClient: QueryClient,
  toast: UndoToastPort,
  onError: (error: unknown) => void,
  leaving: EventTarget | undefined = typeof window === 'undefined' ? undefined : window,
): UndoQueue {
  let pending: Pending | null = null;
  /** True while the queue writes the cache itself: its own writes are not news. */
  let writing = false;
  const write = (change: () => void) => {
    writing = true;
    try {
      change();
    } finally {
      writing = false;
    }
  };

  const apply = (edits: CacheEdit[]) =>
    write(() => {
      for (const edit of edits)
        queryClient.setQueriesData({ queryKey: edit.queryKey, exact: edit.exact }, edit.update);
    });

  // A read that comes back while the deletion waits (a live event, another change, a page opened)
  // still has the thing, since the server has not been told; so may another change's rollback to
  // a copy taken before the deletion. Take it out of those too (the edits are idempotent).
  const watch = (entry: Pending) =>
    queryClient.getQueryCache().subscribe((event) => {
      if (writing || event.type !== 'updated' || event.action.type !== 'success') return;
      const queryKey: QueryKey = event.query.queryKey as QueryKey;
      for (const edit of entry.held.edits) {
        if (!covers(edit, queryKey)) continue;
        entry.changed = true;
        write(() => queryClient.setQueryData(queryKey, edit.update(event.query.state.data)));
      }
    });

  const refresh = (held: HeldDelete) =>
    Promise.all(held.refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
      () => undefined,
    );

  const undo = () => {
    const entry = pending;
    if (!entry) return;
    pending = null;
    entry.stopWatching();
    write(() => {
      for (const [queryKey, data] of entry.snapshots) queryClient.setQueryData(queryKey, data);
    });
    toast.hide(entry.toastId);
    // A read changed meanwhile may hold other news the snapshot lacks: ask the server.
    if (entry.changed) void refresh(entry.held);
  };

  const flush = async (options: SendOptions = { keepalive: false }) => {
    const entry = pending;
    if (!entry) return;
    pending = null;
    entry.stopWatching();
    toast.hide(entry.toastId);
    try {
      await entry.held.send(options);
      for (const queryKey of entry.held.forget ?? []) queryClient.removeQueries({ queryKey });
    } catch (error) {
      onError(error);
    }
    // Refused or not, the server's answer is what the reads show next.
    if (!options.keepalive) void refresh(entry.held);
  };

  const hold = (held: HeldDelete) => {
    // One deletion waits at a time: the one before goes out now.
    if (pending) void flush();
    const snapshots = held.edits.flatMap((edit) =>
      queryClient.getQueriesData({ queryKey: edit.queryKey, exact: edit.exact }),
    );
    apply(held.edits);
    const entry: Pending = { held, snapshots, toastId: '', changed: false, stopWatching: () => undefined };
    entry.stopWatching = watch(entry);
    pending = entry;
    entry.toastId = toast.show({
      message: held.message,
      onUndo: () => {
        if (pending === entry) undo();
      },
      onClose: () => {
        if (pending === entry) void flush();
      },
    });
  };

  const onPageHide = () => void flush({ keepalive: true });
  leaving?.addEventListener('pagehide', onPageHide);

  return {
    hold,
    undo,
    flush,
    pending: () => pending !== null,
    dispose: () => leaving?.removeEventListener('pagehide', onPageHide),
  };
}

/** The app's queue (`use-undo.ts` makes it), so that sign-out can send what waits. */
let appQueue: UndoQueue | null = null;

export function setAppUndoQueue(queue: UndoQueue | null): void {
  appQueue?.dispose();
  appQueue = queue;
}

/** Sends a waiting deletion now: sign-out calls it while the session can still send it. */
export function flushHeldDelete(): Promise<void> {
  return appQueue?.flush({ keepalive: true }) ?? Promise.resolve();
}
