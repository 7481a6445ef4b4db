// Trello-shaped boards for the tests of trello.ts: the fixture (a real export's shape), a small
// board to add to, and the checks that a conversion gave a board the contract accepts.
import fs from 'node:fs';
import { boardExport, type PortableBoard } from '@cadence/contract';
import { expect } from 'vitest';
import { fromTrello } from './trello';

export type Row = Record<string, unknown>;
export interface TrelloJson extends Row {
  lists: Row[];
  cards: Row[];
  labels: Row[];
  checklists: Row[];
  actions: Row[];
}

const fixtureText = fs.readFileSync(new URL('../../../fixtures/trello-board.json', import.meta.url), 'utf8');
/** A fresh copy of the fixture each time, free to change. */
export const fixture = () => JSON.parse(fixtureText) as TrelloJson;
export const named = (rows: Row[], name: string) => rows.find((row) => row.name === name)!;

/** A small Trello-shaped board: one list "To do" (id l1) and whatever the test adds. */
export function trello(extra: Partial<TrelloJson> = {}): TrelloJson {
  return {
    id: '65c8e1f4a2b3c4d5e6f70812',
    name: 'Board',
    lists: [{ id: 'l1', name: 'To do', closed: false, pos: 16384 }],
    cards: [],
    labels: [],
    checklists: [],
    actions: [],
    ...extra,
  };
}
export const card = (fields: Row) => ({
  id: `c-${String(fields.name)}`,
  idList: 'l1',
  closed: false,
  ...fields,
});
export const comment = (cardId: string, date: string, text: string, memberCreator: Row | null) => ({
  id: '65d4a1b2c3d4e5f6a7b8c9d0',
  type: 'commentCard',
  date,
  data: { text, card: { id: cardId, name: 'x' } },
  memberCreator,
});

/** Converts and insists on a board (so tests can read it without null checks). */
export function convert(json: unknown): PortableBoard {
  const board = fromTrello(json);
  expect(board).not.toBeNull();
  return board!;
}

export const expectValid = (board: PortableBoard | null) => {
  const result = boardExport.shape.board.safeParse(board);
  expect(result.error?.issues ?? []).toEqual([]);
};

export const item = (fields: Partial<PortableBoard['lists'][number]['items'][number]>) => ({
  description: '',
  dueAt: null,
  dueComplete: false,
  archived: false,
  tags: [],
  todos: [],
  comments: [],
  ...fields,
});
