import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheEdit, createUndoQueue, type SendOptions, type UndoQueue, type UndoToastPort } from './undo';

interface Row {
  _id: string;
}
interface List {
  data: Row[];
  count: number;
}

const listKey: QueryKey = ['things', 'list'];

/** A toast that stays open until the test closes it, as the user (or its 3 s) would. */
class FakeToasts implements UndoToastPort {
  open = new Map<string, { message: string; onUndo: () => void; onClose: () => void }>();
  shown: string[] = [];
  private next = 0;
  show = (toast: { message: string; onUndo: () => void; onClose: () => void }) => {
    const id = `t${++this.next}`;
    this.open.set(id, toast);
    this.shown.push(toast.message);
    return id;
  };
  hide = (id: string) => {
    const toast = this.open.get(id);
    this.open.delete(id);
    toast?.onClose();
  };
  /** Closes the one open toast (its time is up). */
  expire() {
    const [id] = [...this.open.keys()];
    if (id) this.hide(id);
  }
  clickUndo() {
    const [toast] = [...this.open.values()];
    toast?.onUndo();
  }
}

let client: QueryClient;
let toasts: FakeToasts;
let leaving: EventTarget;
let queue: UndoQueue;
let sent: Array<{ id: string; options: SendOptions }>;
let errors: unknown[];

const rows = (): string[] => (client.getQueryData<List>(listKey)?.data ?? []).map((row) => row._id);
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function holdDelete(id: string, fail = false) {
  queue.hold({
    message: `${id} deleted`,
    edits: [
      cacheEdit<List>(listKey, (list) => ({
        data: list.data.filter((row) => row._id !== id),
        count: list.count - 1,
      })),
    ],
    send: (options) => {
      sent.push({ id, options });
      return fail ? Promise.reject(new Error('refused')) : Promise.resolve();
    },
    refresh: [listKey],
  });
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<List>(listKey, { data: [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }], count: 3 });
  toasts = new FakeToasts();
  leaving = new EventTarget();
  sent = [];
  errors = [];
  queue = createUndoQueue(client, toasts, (error) => errors.push(error), leaving);
});

afterEach(() => {
  queue.dispose();
  client.clear();
});

describe('a held deletion', () => {
  it('leaves the cached reads at once and sends nothing while its toast is open', () => {
    holdDelete('b');
    expect(rows()).toEqual(['a', 'c']);
    expect(client.getQueryData<List>(listKey)?.count).toBe(2);
    expect(toasts.shown).toEqual(['b deleted']);
    expect(sent).toEqual([]);
    expect(queue.pending()).toBe(true);
  });

  it('Undo puts it back where it was, sends nothing, and closes the toast', async () => {
    holdDelete('b');
    toasts.clickUndo();
    await flushPromises();
    expect(rows()).toEqual(['a', 'b', 'c']);
    expect(client.getQueryData<List>(listKey)?.count).toBe(3);
    expect(sent).toEqual([]);
    expect(toasts.open.size).toBe(0);
    expect(queue.pending()).toBe(false);
    // Nothing is left to send later either.
    leaving.dispatchEvent(new Event('pagehide'));
    await flushPromises();
    expect(sent).toEqual([]);
  });

  it('is sent once when its toast closes, and not again on a later close or pagehide', async () => {
    holdDelete('b');
    toasts.expire();
    await flushPromises();
    expect(sent).toEqual([{ id: 'b', options: { keepalive: false } }]);
    toasts.expire();
    leaving.dispatchEvent(new Event('pagehide'));
    await queue.flush();
    expect(sent).toHaveLength(1);
    expect(rows()).toEqual(['a', 'c']);
    // Undo after the toast closed changes nothing.
    queue.undo();
    expect(rows()).toEqual(['a', 'c']);
  });

  it('is sent at once, with keepalive, when the page is left, and asks for nothing more', async () => {
    holdDelete('c');
    leaving.dispatchEvent(new Event('pagehide'));
    await flushPromises();
    expect(sent).toEqual([{ id: 'c', options: { keepalive: true } }]);
    expect(toasts.open.size).toBe(0);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
  });

  it('once sent, asks for its reads again and drops the reads of the thing itself', async () => {
    const ownKey: QueryKey = ['things', 'one', 'b'];
    client.setQueryData(ownKey, { _id: 'b' });
    queue.hold({
      message: 'b deleted',
      edits: [
        cacheEdit<List>(listKey, (list) => ({ data: list.data.filter((row) => row._id !== 'b'), count: 2 })),
      ],
      send: (options) => {
        sent.push({ id: 'b', options });
        return Promise.resolve();
      },
      refresh: [listKey],
      forget: [ownKey],
    });
    expect(client.getQueryData(ownKey)).toEqual({ _id: 'b' });
    toasts.expire();
    await flushPromises();
    expect(sent).toHaveLength(1);
    expect(client.getQueryData(ownKey)).toBeUndefined();
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('a second deletion sends the first at once and holds itself; Undo brings back only the second', async () => {
    holdDelete('a');
    holdDelete('b');
    await flushPromises();
    expect(sent.map((call) => call.id)).toEqual(['a']);
    expect(toasts.shown).toEqual(['a deleted', 'b deleted']);
    expect(toasts.open.size).toBe(1);
    expect(rows()).toEqual(['c']);
    toasts.clickUndo();
    expect(sent.map((call) => call.id)).toEqual(['a']);
    expect(rows()).toEqual(['b', 'c']);
  });

  it('stays out of a read that comes back from the server before the toast closes', async () => {
    holdDelete('b');
    // The server still has it: a refetch (a live event, another change) brings it back…
    await client.fetchQuery({
      queryKey: listKey,
      queryFn: (): List => ({ data: [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }, { _id: 'd' }], count: 4 }),
    });
    // …and it is taken out again, while the news (d) stays.
    expect(rows()).toEqual(['a', 'c', 'd']);
    toasts.expire();
    await flushPromises();
    expect(sent).toHaveLength(1);
  });

  it('stays out of a rollback to a copy taken before it, and Undo then asks the server again', () => {
    const before = client.getQueryData<List>(listKey);
    holdDelete('b');
    // Another change in flight fails and puts back the copy it took before the deletion.
    client.setQueryData(listKey, before);
    expect(rows()).toEqual(['a', 'c']);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
    toasts.clickUndo();
    expect(rows()).toEqual(['a', 'b', 'c']);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(sent).toEqual([]);
  });

  it('Undo with nothing changed meanwhile asks the server for nothing', () => {
    holdDelete('b');
    toasts.clickUndo();
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
  });

  it('a refused deletion is reported and its reads are marked stale, to be asked again', async () => {
    holdDelete('b', true);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
    await queue.flush();
    expect(errors).toEqual([new Error('refused')]);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});
