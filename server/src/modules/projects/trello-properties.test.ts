// Trello board exports → our portable board: what is not a Trello board export (null), and that
// whatever comes back from any input passes the contract's board schema.
import { BOARD_EXPORT_FORMAT } from '@cadence/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromTrello, trelloLabelColors } from './trello';
import {
  comment,
  convert,
  expectValid,
  fixture,
  named,
  type Row,
  type TrelloJson,
  trello,
} from './trello-samples';

describe('fromTrello: not a Trello board export', () => {
  const ours = {
    format: BOARD_EXPORT_FORMAT,
    version: 1,
    exportedAt: '2024-02-22T07:12:40.318Z',
    board: { name: 'Ours', description: '', tags: [], lists: [] },
  };
  const wekan = {
    _id: 'sX8aD9kQn2pLm4TzR',
    title: 'Website launch',
    type: 'board',
    lists: [{ _id: 'kR8nD2', title: 'Backlog', sort: 0, archived: false }],
    cards: [{ _id: 'pQ4mL9', title: 'Write launch blog post', listId: 'kR8nD2', sort: 0 }],
    labels: [{ _id: 'a1', name: 'Design', color: 'purple' }],
    checklists: [],
    checklistItems: [],
    comments: [],
    members: [],
  };
  const planka = {
    item: { id: '1357158568008091264', name: 'Website launch', position: 65535 },
    included: { lists: [], cards: [], labels: [], tasks: [] },
  };
  const plankaFlat = { id: '1357158568008091264', name: 'Website launch', lists: [], cards: [], labels: [] };
  const trelloCard = { ...named(fixture().cards, 'Design homepage hero') };

  it.each([
    ['our own export', ours],
    ['an empty object', {}],
    ['an array', [fixture()]],
    ['a string', JSON.stringify(fixture())],
    ['null', null],
    ['undefined', undefined],
    ['a number', 24],
    ['a Wekan board', wekan],
    ['a Planka board', planka],
    ['a board whose id is not a Trello id', plankaFlat],
    ['a Trello card export', trelloCard],
  ])('%s → null', (_, json) => {
    expect(fromTrello(json)).toBeNull();
  });

  const broken: [string, (json: TrelloJson) => void][] = [
    ['lists is an object', (json) => (json.lists = {} as unknown as Row[])],
    ['cards is missing', (json) => delete (json as Partial<TrelloJson>).cards],
    ['labels is missing', (json) => delete (json as Partial<TrelloJson>).labels],
    ['the board name is a number', (json) => (json.name = 7)],
    ['a list name is null', (json) => (json.lists[0]!.name = null)],
    ['a card name is a number', (json) => (named(json.cards, 'Set up analytics').name = 42)],
    ['a card pos is text', (json) => (named(json.cards, 'Set up analytics').pos = 'bottom')],
    ['a card due is not a date', (json) => (named(json.cards, 'Set up analytics').due = 'next Tuesday')],
    ['a card closed is text', (json) => (named(json.cards, 'Set up analytics').closed = 'true')],
    ['idLabels holds a number', (json) => (named(json.cards, 'Set up analytics').idLabels = [1])],
    ['a label colour is a number', (json) => (json.labels[0]!.color = 3)],
    ['checklists is an object', (json) => (json.checklists = {} as unknown as Row[])],
    [
      'a check item state is unknown',
      (json) => ((json.checklists[0]!.checkItems as Row[])[0]!.state = 'done'),
    ],
    [
      'a comment has no text',
      (json) => delete (json.actions.find((a) => a.type === 'commentCard')!.data as Row).text,
    ],
    ['an action has no type', (json) => delete json.actions[1]!.type],
  ];
  it.each(broken)('a Trello export where %s → null', (_, breakIt) => {
    const json = fixture();
    expect(fromTrello(json)).not.toBeNull();
    breakIt(json);
    expect(fromTrello(json)).toBeNull();
  });
});

describe('fromTrello: properties', () => {
  it('never throws on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const board = fromTrello(json);
        if (board !== null) expectValid(board);
      }),
    );
  });

  const text = (maxLength: number) => fc.string({ unit: 'binary', maxLength, size: 'max' });
  const pos = fc.option(fc.double({ min: 0, max: 1e9, noNaN: true }), { nil: undefined });
  const colors = [...Object.keys(trelloLabelColors), 'teal', 'HIGH'];
  const trelloBoards = fc
    .record({
      name: text(120),
      desc: text(2100),
      lists: fc.array(
        fc.record({ name: text(110), closed: fc.boolean(), pos, color: fc.constantFrom(null, ...colors) }),
        {
          maxLength: 5,
        },
      ),
      labels: fc.array(
        fc.record({
          name: fc.oneof(text(40), fc.constantFrom('High', 'team', 'Design', 'design', '')),
          color: fc.constantFrom(null, ...colors),
        }),
        { maxLength: 12 },
      ),
      cards: fc.array(
        fc.record({
          list: fc.nat(6),
          name: text(110),
          desc: text(2100),
          pos,
          closed: fc.boolean(),
          due: fc.option(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }), {
            nil: null,
          }),
          dueComplete: fc.boolean(),
          labels: fc.array(fc.nat(14), { maxLength: 6 }),
          checklists: fc.array(
            fc.record({
              name: text(40),
              pos,
              items: fc.array(fc.record({ name: text(520), done: fc.boolean(), pos }), { maxLength: 4 }),
            }),
            { maxLength: 3 },
          ),
          comments: fc.array(fc.record({ text: text(4100), author: text(120), date: fc.nat(4e12) }), {
            maxLength: 3,
          }),
        }),
        { maxLength: 12 },
      ),
    })
    .map(({ name, desc, lists, labels, cards }) =>
      trello({
        name,
        desc,
        lists: lists.map((list, index) => ({ id: `l${index}`, ...list })),
        labels: labels.map((label, index) => ({ id: `t${index}`, ...label })),
        cards: cards.map((c, index) => ({
          id: `c${index}`,
          idList: `l${c.list}`,
          name: c.name,
          desc: c.desc,
          pos: c.pos,
          closed: c.closed,
          due: c.due?.toISOString() ?? null,
          dueComplete: c.dueComplete,
          idLabels: c.labels.map((label) => `t${label}`),
        })),
        checklists: cards.flatMap((c, index) =>
          c.checklists.map((checklist) => ({
            idCard: `c${index}`,
            name: checklist.name,
            pos: checklist.pos,
            checkItems: checklist.items.map((i) => ({
              name: i.name,
              state: i.done ? 'complete' : 'incomplete',
              pos: i.pos,
            })),
          })),
        ),
        actions: cards.flatMap((c, index) =>
          c.comments.map((cm) =>
            comment(`c${index}`, new Date(cm.date).toISOString(), cm.text, { fullName: cm.author }),
          ),
        ),
      }),
    );

  it('turns any well-formed Trello board into a board the contract accepts', () => {
    fc.assert(
      fc.property(trelloBoards, (json) => {
        expectValid(convert(json));
      }),
      { numRuns: 200, endOnFailure: true },
    );
  });
});
