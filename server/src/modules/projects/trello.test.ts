// Trello board exports → our portable board: the fixture converted field by field, and the rules for
// labels and colours, lists and cards, checklists and comments. What is refused, and what holds for
// any input, is in trello-properties.test.ts.
import { boardExport, BOARD_EXPORT_FORMAT, headerColors } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { fromTrello, TRELLO_NO_COLOR, trelloLabelColors } from './trello';
import { card, comment, convert, expectValid, fixture, item, type Row, trello } from './trello-samples';

describe('fromTrello: the fixture', () => {
  it('converts the whole board', () => {
    expect(fromTrello(fixture())).toEqual({
      name: 'Website launch',
      description:
        'Everything we need to ship the new marketing site by the end of Q2.\n\nOwner: Maya. Weekly check-in on Tuesdays.',
      tags: [
        { name: 'Design', color: '#9f8fef' },
        { name: 'Content', color: '#6cc3e0' },
        { name: 'green', color: '#4bce97' },
        { name: 'Bug', color: '#fea362' },
        { name: 'Needs review from legal and co', color: '#94c748' },
        { name: 'QA', color: TRELLO_NO_COLOR },
      ],
      lists: [
        {
          name: 'Ideas (old)',
          status: 'inactive',
          headerColor: 'purple',
          items: [item({ name: 'Add a dark mode', description: 'Maybe after launch.', tags: ['Design'] })],
        },
        {
          name: 'Backlog',
          status: 'active',
          headerColor: 'purple',
          items: [
            item({
              name: 'Fix broken links on pricing page',
              description: 'Three links in the FAQ still point at the old /plans pages.',
              dueAt: '2024-03-01T12:00:00.000Z',
              dueComplete: false,
              tags: ['Bug', 'high'],
            }),
            item({
              name: 'Write launch blog post',
              description:
                'Announce the new site on the blog: what changed, why, and a short tour of the new pages.\n\n' +
                '- 600–800 words\n- Screenshots of the homepage and pricing',
              tags: ['Content', 'green'],
            }),
            item({
              name: 'Set up analytics',
              todos: [
                { text: 'Create the site in Plausible', done: true },
                { text: 'Add the script to the layout', done: false },
                { text: 'Define the launch goals', done: false },
              ],
            }),
          ],
        },
        {
          name: 'In progress',
          status: 'active',
          headerColor: 'orange',
          items: [
            item({
              name: 'Design homepage hero',
              description: 'A hero with the product screenshot, one headline and one call to action.',
              tags: ['Design', 'high'],
              todos: [
                { text: 'Desktop: Draft three layout options', done: true },
                { text: 'Desktop: Pick the hero photography', done: false },
                { text: 'Desktop: Review with the team', done: true },
                { text: 'Mobile: Check the layout at 375 px', done: false },
                { text: 'Mobile: Test on Safari for iOS', done: false },
              ],
              comments: [
                {
                  author: 'Maya Chen',
                  text: 'First drafts are in the Figma file. I like option B best.',
                  createdAt: '2024-02-20T10:15:00.000Z',
                },
                {
                  author: 'Tom Okafor',
                  text: 'Option B works for me. Can we try a darker overlay on the photo?',
                  createdAt: '2024-02-21T08:30:00.000Z',
                },
              ],
            }),
            item({
              name: 'Old hero concepts',
              description: 'Superseded by the new hero.',
              archived: true,
              tags: ['Design'],
            }),
            item({
              name: 'Migrate blog content',
              description: 'Move the 42 posts from the old CMS; keep the URLs.',
              dueAt: '2030-06-15T09:00:00.000Z',
              dueComplete: true,
              tags: ['Content', 'Needs review from legal and co'],
            }),
          ],
        },
        {
          name: 'Done',
          status: 'active',
          headerColor: 'green',
          items: [
            item({ name: 'Kick-off meeting' }),
            item({
              name: 'Choose domain registrar',
              description: 'We went with the registrar the company already uses.',
              tags: ['QA'],
            }),
          ],
        },
      ],
    });
  });

  it('orders lists by pos (the closed one first, as its pos is lowest) and marks closed lists inactive', () => {
    const board = convert(fixture());
    expect(board.lists.map((list) => [list.name, list.status])).toEqual([
      ['Ideas (old)', 'inactive'],
      ['Backlog', 'active'],
      ['In progress', 'active'],
      ['Done', 'active'],
    ]);
  });

  it('passes the contract’s board schema, and makes a whole export file', () => {
    const board = fromTrello(fixture());
    expectValid(board);
    const file = boardExport.safeParse({
      format: BOARD_EXPORT_FORMAT,
      version: 1,
      exportedAt: '2024-02-22T07:12:40.318Z',
      board,
    });
    expect(file.success).toBe(true);
  });

  it('reads the fixture as Trello writes it (the fields a real export has)', () => {
    const json = fixture();
    expect(json).toMatchObject({
      prefs: expect.any(Object),
      labelNames: expect.any(Object),
      idOrganization: expect.stringMatching(/^[0-9a-f]{24}$/),
      members: expect.any(Array),
      customFields: [],
    });
    expect(new Set(json.actions.map((action) => action.type))).toEqual(
      new Set(['commentCard', 'createCard', 'updateCard', 'createList']),
    );
  });
});

describe('fromTrello: labels → tags', () => {
  const labelled = (labels: Row[], cardLabels: string[][]) =>
    convert(
      trello({
        labels,
        cards: cardLabels.map((idLabels, index) => card({ name: `Card ${index}`, pos: index, idLabels })),
      }),
    );

  it('maps a label named like a built-in (any case) to the built-in, not to a board tag', () => {
    const board = labelled(
      [
        { id: 'a', name: 'High', color: 'red' },
        { id: 'b', name: 'TEAM', color: 'blue' },
        { id: 'c', name: ' update ', color: null },
      ],
      [['a', 'b', 'c']],
    );
    expect(board.tags).toEqual([]);
    expect(board.lists[0]!.items[0]!.tags).toEqual(['high', 'team', 'update']);
  });

  it('names a label without a name after its colour, when a card carries it', () => {
    const board = labelled(
      [
        { id: 'a', name: '', color: 'green' },
        { id: 'b', name: '', color: 'green_dark' },
        { id: 'c', name: '', color: 'yellow' },
        { id: 'd', name: '', color: 'sky_light' },
      ],
      [['a', 'b']],
    );
    expect(board.tags).toEqual([
      { name: 'green', color: '#4bce97' },
      { name: 'green dark', color: '#1f845a' },
    ]);
    expect(board.lists[0]!.items[0]!.tags).toEqual(['green', 'green dark']);
  });

  it('keeps named labels no card carries, and skips labels with neither name nor colour', () => {
    const board = labelled(
      [
        { id: 'a', name: 'Someday', color: 'pink' },
        { id: 'b', name: '', color: null },
        { id: 'c', name: null, color: null },
      ],
      [['b', 'c']],
    );
    expect(board.tags).toEqual([{ name: 'Someday', color: '#e774bb' }]);
    expect(board.lists[0]!.items[0]!.tags).toEqual([]);
  });

  it('merges names equal in any case into the first label, and a card carries the merged tag once', () => {
    const board = labelled(
      [
        { id: 'a', name: 'Design', color: 'purple' },
        { id: 'b', name: 'design ', color: 'blue_dark' },
        { id: 'c', name: 'DESIGN', color: null },
        { id: 'd', name: '', color: 'lime' },
        { id: 'e', name: 'Lime', color: 'red' },
      ],
      [['b', 'c', 'a'], ['e', 'd'], ['c']],
    );
    expect(board.tags).toEqual([
      { name: 'Design', color: '#9f8fef' },
      { name: 'lime', color: '#94c748' },
    ]);
    expect(board.lists[0]!.items.map((i) => i.tags)).toEqual([['Design'], ['lime'], ['Design']]);
    expectValid(board);
  });

  it('cuts names to 30 characters (code points, as the contract counts; merging names that then agree) and colours unknown names grey', () => {
    const long = 'Customer feedback from the beta programme';
    const board = labelled(
      [
        { id: 'a', name: long, color: 'teal' },
        { id: 'b', name: `${long} (2)`, color: 'black' },
        { id: 'c', name: `${'x'.repeat(29)}😀😀`, color: 'BLUE' },
      ],
      [['a', 'b', 'c']],
    );
    expect(board.tags).toEqual([
      { name: 'Customer feedback from the bet', color: TRELLO_NO_COLOR },
      { name: `${'x'.repeat(29)}😀`, color: '#579dff' },
    ]);
    expect(board.lists[0]!.items[0]!.tags).toEqual(['Customer feedback from the bet', `${'x'.repeat(29)}😀`]);
  });

  it('ignores a card’s label ids that name no label', () => {
    const board = labelled([{ id: 'a', name: 'Ops', color: 'black' }], [['gone', 'a']]);
    expect(board.lists[0]!.items[0]!.tags).toEqual(['Ops']);
  });

  it('knows every Trello label colour and its dark and light variants', () => {
    const names = ['green', 'yellow', 'orange', 'red', 'purple', 'blue', 'sky', 'lime', 'pink', 'black'];
    const all = names.flatMap((name) => [name, `${name}_dark`, `${name}_light`]);
    expect(Object.keys(trelloLabelColors).sort()).toEqual(all.sort());
    for (const hex of [...Object.values(trelloLabelColors), TRELLO_NO_COLOR])
      expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(Object.values(trelloLabelColors)).size).toBe(all.length);
  });
});

describe('fromTrello: lists and cards', () => {
  it('maps list colours to the nearest header colour, purple when there is none', () => {
    const colors = [
      'green',
      'lime_dark',
      'yellow',
      'orange',
      'red',
      'purple',
      'blue',
      'sky',
      'pink',
      'black',
      null,
      'teal',
    ];
    const board = convert(
      trello({
        lists: colors.map((color, index) => ({ id: `l${index}`, name: `L${index}`, pos: index, color })),
      }),
    );
    expect(board.lists.map((list) => list.headerColor)).toEqual([
      'green',
      'green',
      'orange',
      'orange',
      'red',
      'purple',
      'blue',
      'teal',
      'pink',
      'gray',
      'purple',
      'purple',
    ]);
    for (const color of board.lists.map((list) => list.headerColor)) expect(headerColors).toContain(color);
  });

  it('orders by pos; equal positions keep the file’s order; rows without pos come last', () => {
    const board = convert(
      trello({
        lists: [
          { id: 'b', name: 'B', pos: 2 },
          { id: 'none', name: 'No pos' },
          { id: 'a', name: 'A', pos: 1.5 },
          { id: 'c', name: 'C', pos: 2 },
        ],
        cards: [
          card({ name: 'third', idList: 'a' }),
          card({ name: 'second', idList: 'a', pos: 65535.75 }),
          card({ name: 'first', idList: 'a', pos: 0.5 }),
          card({ name: 'also second', idList: 'a', pos: 65535.75 }),
        ],
      }),
    );
    expect(board.lists.map((list) => list.name)).toEqual(['A', 'B', 'C', 'No pos']);
    expect(board.lists[0]!.items.map((i) => i.name)).toEqual(['first', 'second', 'also second', 'third']);
  });

  it('leaves out a card whose list is not in the file, and repeats of a list or card', () => {
    const board = convert(
      trello({
        lists: [
          { id: 'l1', name: 'To do', pos: 1 },
          { id: 'l1', name: 'To do again', pos: 2 },
        ],
        cards: [
          card({ name: 'Kept', pos: 1 }),
          card({ name: 'Orphan', idList: '65c8e1f4a2b3c4d5e6f7ffff', pos: 2 }),
          card({ name: 'Kept', pos: 3, desc: 'a repeat' }),
        ],
      }),
    );
    expect(board.lists).toEqual([
      { name: 'To do', status: 'active', headerColor: 'purple', items: [item({ name: 'Kept' })] },
    ]);
  });

  it('keeps a due date as a UTC instant, and due-complete only with a due date', () => {
    const board = convert(
      trello({
        cards: [
          card({ name: 'offset', pos: 1, due: '2024-05-01T09:30:00+02:00', dueComplete: true }),
          card({ name: 'no due', pos: 2, due: null, dueComplete: true }),
        ],
      }),
    );
    expect(board.lists[0]!.items.map((i) => [i.dueAt, i.dueComplete])).toEqual([
      ['2024-05-01T07:30:00.000Z', true],
      [null, false],
    ]);
  });

  it('trims and cuts texts to our limits in characters (an emoji is one), and names the nameless', () => {
    const board = convert(
      trello({
        name: '   ',
        desc: `  ${'d'.repeat(2100)}  `,
        lists: [{ id: 'l1', name: '\u0000 ', pos: 1 }],
        cards: [
          card({ name: `${'n'.repeat(98)}😀😀😀`, pos: 1, desc: '\u0000Clean\u0000 ' }),
          card({ name: '', pos: 2 }),
        ],
      }),
    );
    expect(board.name).toBe('Trello board');
    expect(board.description).toBe('d'.repeat(2000));
    expect(board.lists[0]!.name).toBe('Untitled list');
    expect(board.lists[0]!.items.map((i) => [i.name, i.description])).toEqual([
      [`${'n'.repeat(98)}😀😀`, 'Clean'],
      ['Untitled card', ''],
    ]);
    expectValid(board);
  });
});

describe('fromTrello: checklists and comments', () => {
  it('prefixes with the checklist’s name only when two checklists have items, cutting to 500', () => {
    const long = 'y'.repeat(495);
    const board = convert(
      trello({
        cards: [card({ id: 'one', name: 'One', pos: 1 }), card({ id: 'two', name: 'Two', pos: 2 })],
        checklists: [
          {
            id: 'k1',
            idCard: 'one',
            name: 'Only',
            pos: 1,
            checkItems: [{ name: 'A', state: 'complete', pos: 1 }],
          },
          {
            id: 'k2',
            idCard: 'one',
            name: 'Empty',
            pos: 2,
            checkItems: [{ name: '  ', state: 'incomplete', pos: 1 }],
          },
          {
            id: 'k3',
            idCard: 'two',
            name: 'Second',
            pos: 2,
            checkItems: [{ name: long, state: 'incomplete' }],
          },
          {
            id: 'k4',
            idCard: 'two',
            name: '',
            pos: 1,
            checkItems: [
              { name: 'later', state: 'incomplete', pos: 2 },
              { name: 'earlier', state: 'complete', pos: 1 },
            ],
          },
          {
            id: 'k5',
            idCard: 'gone',
            name: 'Lost',
            pos: 1,
            checkItems: [{ name: 'x', state: 'complete', pos: 1 }],
          },
        ],
      }),
    );
    expect(board.lists[0]!.items.map((i) => i.todos)).toEqual([
      [{ text: 'A', done: true }],
      [
        { text: 'earlier', done: true },
        { text: 'later', done: false },
        { text: `Second: ${long}`.slice(0, 500), done: false },
      ],
    ]);
    expectValid(board);
  });

  it('keeps comments oldest first with their author’s name, and leaves out empty ones and lost cards', () => {
    const board = convert(
      trello({
        cards: [card({ id: 'c1', name: 'One', pos: 1 })],
        actions: [
          comment('c1', '2024-01-03T00:00:00.000Z', 'third', { fullName: '', username: 'ana' }),
          comment('c1', '2024-01-02T00:00:00.000Z', 'second (same time, later in Trello’s list)', null),
          comment('c1', '2024-01-02T00:00:00.000Z', 'first', { fullName: 'Rui Costa', username: 'rui' }),
          comment('c1', '2024-01-01T00:00:00.000Z', '   ', { fullName: 'Rui Costa' }),
          comment('deleted', '2024-01-01T00:00:00.000Z', 'on a card no longer there', null),
          { type: 'updateCard', date: 'not read', data: { card: { id: 'c1' } } },
          { type: 'addMemberToCard' },
        ],
      }),
    );
    expect(board.lists[0]!.items[0]!.comments).toEqual([
      { author: 'Rui Costa', text: 'first', createdAt: '2024-01-02T00:00:00.000Z' },
      {
        author: 'Trello user',
        text: 'second (same time, later in Trello’s list)',
        createdAt: '2024-01-02T00:00:00.000Z',
      },
      { author: 'ana', text: 'third', createdAt: '2024-01-03T00:00:00.000Z' },
    ]);
  });
});
