import type { Board, BoardList, ListItem } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  fullListMove,
  addTodo,
  blankItem,
  moveItem,
  moveList,
  progressOf,
  reconcileMove,
  removeItem,
  setListIndex,
  shareBoard,
  updateTodo,
} from './board';
import { testBoard, testList } from './test-boards';

const item = (id: string): ListItem => blankItem(id, `Item ${id}`, '');

const list = (id: string, items: string[], status?: BoardList['status']) =>
  testList(id, items.map(item), status);
const board = testBoard;

const ids = (value: Board) => value.lists.map((l) => `${l._id}:${l.items.map((i) => i._id).join(',')}`);

describe('moveItem', () => {
  it('moves within a list, keeping the other lists as they were', () => {
    const before = board(list('a', ['1', '2', '3']), list('b', ['4']));
    const after = moveItem(before, { itemId: '1', fromList: 'a', toList: 'a', fromIndex: 0, toIndex: 2 });
    expect(ids(after)).toEqual(['a:2,3,1', 'b:4']);
    expect(after.lists[1]).toBe(before.lists[1]);
    expect(after.lists[0]!.items[0]).toBe(before.lists[0]!.items[1]);
  });

  it('moves across lists, to the end and to the start', () => {
    const before = board(list('a', ['1', '2']), list('b', ['3']), list('c', []));
    const toEnd = moveItem(before, { itemId: '2', fromList: 'a', toList: 'b', fromIndex: 1, toIndex: 1 });
    expect(ids(toEnd)).toEqual(['a:1', 'b:3,2', 'c:']);
    expect(toEnd.lists[2]).toBe(before.lists[2]);
    const toEmpty = moveItem(before, { itemId: '1', fromList: 'a', toList: 'c', fromIndex: 0, toIndex: 0 });
    expect(ids(toEmpty)).toEqual(['a:2', 'b:3', 'c:1']);
  });

  it('leaves the board alone when the move does not match it', () => {
    const before = board(list('a', ['1']));
    expect(moveItem(before, { itemId: '9', fromList: 'a', toList: 'a', fromIndex: 0, toIndex: 0 })).toBe(
      before,
    );
  });
});

describe('fullListMove', () => {
  // Lists 1: a b c d e, 2: f g; the even-lettered cards (b, d, g) are hidden.
  const value = board(list('1', ['a', 'b', 'c', 'd', 'e']), list('2', ['f', 'g']));
  const shown = (entry: ListItem) => !['b', 'd', 'g'].includes(entry._id);
  const shownMove = (itemId: string, fromList: string, toList: string, toIndex: number) =>
    fullListMove(value, { itemId, fromList, toList, fromIndex: 0, toIndex }, shown);

  it('lands before the shown card it was dropped above, counting the hidden ones', () => {
    // Shown in 1: a c e. "e" dropped at shown index 1 (above c): full index 2 (a b | c d).
    expect(shownMove('e', '1', '1', 1)).toMatchObject({ fromIndex: 4, toIndex: 2 });
    expect(ids(moveItem(value, shownMove('e', '1', '1', 1)!))).toEqual(['1:a,b,e,c,d', '2:f,g']);
    // "a" moved down below c (shown index 1 among c e once a is lifted): before e.
    expect(ids(moveItem(value, shownMove('a', '1', '1', 1)!))).toEqual(['1:b,c,d,a,e', '2:f,g']);
  });

  it('lands after the last shown card at the end, before the hidden ones that follow it', () => {
    // Shown in 2: f. "c" dropped at its end: after f, before the hidden g.
    expect(ids(moveItem(value, shownMove('c', '1', '2', 1)!))).toEqual(['1:a,b,d,e', '2:f,c,g']);
  });

  it('goes to the end of a list that shows nothing', () => {
    const hidden = board(list('1', ['a']), list('2', ['b', 'd']));
    const move = fullListMove(
      hidden,
      { itemId: 'a', fromList: '1', toList: '2', fromIndex: 0, toIndex: 0 },
      shown,
    );
    expect(move).toMatchObject({ fromIndex: 0, toIndex: 2 });
  });

  it('is the same move when nothing is hidden', () => {
    const move = { itemId: 'b', fromList: '1', toList: '2', fromIndex: 1, toIndex: 1 };
    expect(fullListMove(value, move, () => true)).toEqual(move);
  });

  it('answers null for a card that is not in its list', () => {
    expect(shownMove('f', '1', '2', 0)).toBeNull();
  });
});

describe('reconcileMove', () => {
  it('takes the server’s order and version when no one else wrote meanwhile', () => {
    const before = board(list('a', ['1', '2']), list('b', ['3']), list('c', ['5']));
    const after = reconcileMove(before, {
      _id: '1',
      version: 2,
      lists: [
        { _id: 'a', items: ['2'] },
        { _id: 'b', items: ['1', '3'] },
      ],
    });
    expect(ids(after)).toEqual(['a:2', 'b:1,3', 'c:5']);
    expect(after.version).toBe(2);
    expect(after.lists[2]).toBe(before.lists[2]);
    expect(after.lists[1]!.items[0]).toBe(before.lists[0]!.items[0]);
  });

  it('leaves the board for the next read when others wrote too, or an item is unknown', () => {
    const before = board(list('a', ['1', '2']));
    expect(reconcileMove(before, { _id: '1', version: 3, lists: [{ _id: 'a', items: ['2', '1'] }] })).toBe(
      before,
    );
    expect(reconcileMove(before, { _id: '1', version: 2, lists: [{ _id: 'a', items: ['9', '1'] }] })).toBe(
      before,
    );
  });
});

describe('moveList', () => {
  it('gives the position among all lists, archived ones included', () => {
    // Shown: a, c, d; b is archived between a and c.
    const before = board(list('a', []), list('b', [], 'inactive'), list('c', []), list('d', []));
    const right = moveList(before, 'a', 1);
    expect(right.board.lists.map((l) => l._id)).toEqual(['b', 'c', 'a', 'd']);
    expect(right.index).toBe(2);
    const last = moveList(before, 'a', 2);
    expect(last.board.lists.map((l) => l._id)).toEqual(['b', 'c', 'd', 'a']);
    expect(last.index).toBe(3);
    const first = moveList(before, 'd', 0);
    expect(first.board.lists.map((l) => l._id)).toEqual(['d', 'a', 'b', 'c']);
    expect(first.index).toBe(0);
    const middle = moveList(before, 'd', 1);
    expect(middle.board.lists.map((l) => l._id)).toEqual(['a', 'b', 'd', 'c']);
    expect(middle.index).toBe(2);
  });

  it('agrees with setListIndex, which applies a server index', () => {
    const before = board(list('a', []), list('b', [], 'inactive'), list('c', []), list('d', []));
    for (const [id, to] of [
      ['a', 2],
      ['c', 0],
      ['d', 1],
    ] as const) {
      const moved = moveList(before, id, to);
      expect(setListIndex(before, id, moved.index).lists.map((l) => l._id)).toEqual(
        moved.board.lists.map((l) => l._id),
      );
    }
  });
});

describe('to-dos and progress', () => {
  it('counts done to-dos', () => {
    let value = board(list('a', ['1']));
    value = addTodo(value, 'a', '1', { _id: 't1', text: 'One', done: false });
    value = addTodo(value, 'a', '1', { _id: 't2', text: 'Two', done: false });
    value = updateTodo(value, 'a', '1', 't2', { done: true });
    expect(progressOf(value.lists[0]!.items[0]!.todos)).toEqual({ done: 1, total: 2, percent: 50 });
    expect(progressOf([])).toEqual({ done: 0, total: 0, percent: 0 });
  });

  it('removes an item', () => {
    expect(ids(removeItem(board(list('a', ['1', '2'])), 'a', '1'))).toEqual(['a:2']);
  });
});

describe('shareBoard', () => {
  it('keeps the cached objects when a read brings nothing new', () => {
    const cached = board(list('a', ['1', '2']), list('b', ['3']));
    const read = structuredClone(cached);
    expect(shareBoard(cached, read)).toBe(cached);
  });

  it('keeps the board a drop has shown, and reuses what did not change', () => {
    const cached = board(list('a', ['1', '2']), list('b', ['3']));
    const shown = moveItem(cached, { itemId: '1', fromList: 'a', toList: 'b', fromIndex: 0, toIndex: 0 });
    expect(shareBoard(cached, shown)).toBe(shown);
  });

  it('gives new objects only to what changed', () => {
    const cached = board(list('a', ['1', '2']), list('b', ['3']));
    const read = structuredClone(cached);
    read.lists[1]!.items[0]!.name = 'Renamed';
    const shared = shareBoard(cached, read);
    expect(shared).not.toBe(cached);
    expect(shared.lists[0]).toBe(cached.lists[0]);
    expect(shared.lists[1]).not.toBe(cached.lists[1]);
    expect(shared.lists[1]!.items[0]!.name).toBe('Renamed');
  });
});
