import { describe, expect, it } from 'vitest';
import {
  BOARD_EXPORT_FORMAT,
  BOARD_EXPORT_LIMITS,
  boardExport,
  type BoardExport,
  exportFileName,
} from './board-transfer';

/** A small valid file, as the input side sees it (defaults left out on purpose). */
function example() {
  return {
    format: BOARD_EXPORT_FORMAT,
    version: 1,
    exportedAt: '2024-02-22T09:12:40.318+02:00',
    board: {
      name: 'Website launch',
      description: 'Ship the new site.',
      tags: [{ name: 'Design', color: '#9F8FEF' }],
      lists: [
        {
          name: 'Backlog',
          status: 'active',
          items: [
            {
              name: 'Design homepage hero',
              dueAt: '2024-03-01T12:00:00Z',
              dueComplete: false,
              archived: false,
              tags: ['design', 'High'],
              todos: [{ text: 'Draft three layouts', done: true }],
            },
          ],
        },
        { name: 'Old ideas', status: 'inactive', headerColor: 'teal', items: [] },
      ],
    },
  };
}
type Example = ReturnType<typeof example>;

/** The paths of the issues a changed example raises. */
function issuesOf(change: (file: Example) => void): string[] {
  const file = example();
  change(file);
  const result = boardExport.safeParse(file);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

const firstItem = (file: Example) => file.board.lists[0]!.items[0]!;

describe('boardExport', () => {
  it('accepts a valid file, filling in defaults and normalising colours and instants', () => {
    const parsed: BoardExport = boardExport.parse(example());
    expect(parsed.exportedAt).toBe('2024-02-22T07:12:40.318Z');
    expect(parsed.board.tags).toEqual([{ name: 'Design', color: '#9f8fef' }]);
    expect(parsed.board.lists[0]!.headerColor).toBe('purple');
    expect(parsed.board.lists[0]!.items[0]).toEqual({
      name: 'Design homepage hero',
      description: '',
      dueAt: '2024-03-01T12:00:00.000Z',
      dueComplete: false,
      archived: false,
      tags: ['design', 'High'],
      todos: [{ text: 'Draft three layouts', done: true }],
      comments: [],
    });
    expect(parsed.board.lists[1]!.headerColor).toBe('teal');
  });

  it.each<[string, (file: Example) => void, string[]]>([
    ['a colour that is not #rrggbb', (f) => (f.board.tags[0]!.color = 'purple'), ['board.tags.0.color']],
    ['a short hex colour', (f) => (f.board.tags[0]!.color = '#abc'), ['board.tags.0.color']],
    [
      'an item tag the board does not have',
      (f) => firstItem(f).tags.push('Urgent'),
      ['board.lists.0.items.0.tags.2'],
    ],
    ['a tag twice on an item', (f) => firstItem(f).tags.push('DESIGN'), ['board.lists.0.items.0.tags.2']],
    [
      'a board tag named like a built-in',
      (f) => f.board.tags.push({ name: 'Team', color: '#000000' }),
      ['board.tags.1.name'],
    ],
    [
      'two board tags with one name',
      (f) => f.board.tags.push({ name: 'design', color: '#000000' }),
      ['board.tags.1.name'],
    ],
    [
      'a tag name over 30 characters',
      (f) => f.board.tags.push({ name: 'x'.repeat(31), color: '#000000' }),
      ['board.tags.1.name'],
    ],
    ['a board name over 100 characters', (f) => (f.board.name = 'x'.repeat(101)), ['board.name']],
    [
      'an item name over 100 characters',
      (f) => (firstItem(f).name = 'x'.repeat(101)),
      ['board.lists.0.items.0.name'],
    ],
    ['an empty list name', (f) => (f.board.lists[0]!.name = '  '), ['board.lists.0.name']],
    [
      'a description over 2000 characters',
      (f) => (f.board.description = 'x'.repeat(2001)),
      ['board.description'],
    ],
    [
      'a header colour of ours it is not',
      (f) => (f.board.lists[1]!.headerColor = 'yellow'),
      ['board.lists.1.headerColor'],
    ],
    ['an unknown status', (f) => (f.board.lists[0]!.status = 'archived'), ['board.lists.0.status']],
    [
      'a to-do over 500 characters',
      (f) => (firstItem(f).todos[0]!.text = 'x'.repeat(501)),
      ['board.lists.0.items.0.todos.0.text'],
    ],
    [
      'a due date without its offset',
      (f) => (firstItem(f).dueAt = '2024-03-01T12:00:00'),
      ['board.lists.0.items.0.dueAt'],
    ],
    ['another format', (f) => (f.format = 'trello'), ['format']],
    ['another version', (f) => (f.version = 2), ['version']],
  ])('refuses %s', (_, change, paths) => {
    expect(issuesOf(change)).toEqual(paths);
  });

  it('counts characters, not UTF-16 units: 100 emoji make a valid name', () => {
    expect(issuesOf((f) => (f.board.name = '🚀'.repeat(100)))).toEqual([]);
    expect(issuesOf((f) => (f.board.name = '🚀'.repeat(101)))).toEqual(['board.name']);
  });

  it('checks comments: an author, a text of at most 4000 characters, an instant', () => {
    const comment = { author: 'Maya Chen', text: 'Looks good.', createdAt: '2024-02-20T10:15:00.000Z' };
    expect(issuesOf((f) => ((firstItem(f) as Record<string, unknown>).comments = [comment]))).toEqual([]);
    expect(
      issuesOf(
        (f) =>
          ((firstItem(f) as Record<string, unknown>).comments = [
            { ...comment, author: '' },
            { ...comment, text: 'x'.repeat(4001) },
            { ...comment, createdAt: 'yesterday' },
          ]),
      ),
    ).toEqual([
      'board.lists.0.items.0.comments.0.author',
      'board.lists.0.items.0.comments.1.text',
      'board.lists.0.items.0.comments.2.createdAt',
    ]);
  });

  it('holds at most 500 lists, 5,000 items in all and 200 tags', () => {
    const list = (items: number) => ({
      name: 'L',
      status: 'active',
      items: Array.from({ length: items }, () => ({ ...firstItem(example()), tags: [] })),
    });
    expect(BOARD_EXPORT_LIMITS).toEqual({ lists: 500, items: 5000, tags: 200 });
    expect(issuesOf((f) => (f.board.lists = Array.from({ length: 500 }, () => list(10))))).toEqual([]);
    expect(issuesOf((f) => (f.board.lists = Array.from({ length: 501 }, () => list(0))))).toEqual([
      'board.lists',
    ]);
    expect(issuesOf((f) => (f.board.lists = Array.from({ length: 501 }, () => list(10))))).toEqual([
      'board.lists',
    ]);
    expect(issuesOf((f) => (f.board.lists = [list(2500), list(2500)]))).toEqual([]);
    expect(issuesOf((f) => (f.board.lists = [list(2500), list(2501)]))).toEqual(['board.lists']);
    const tags = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `Tag ${i}`, color: '#123456' }));
    expect(issuesOf((f) => (f.board.tags = [...tags(199), f.board.tags[0]!]))).toEqual([]);
    expect(issuesOf((f) => (f.board.tags = [...tags(200), f.board.tags[0]!]))).toEqual(['board.tags']);
  });
});

describe('exportFileName', () => {
  it('names the file after the board, folded to plain letters, digits and dashes', () => {
    expect(exportFileName('Café launch!')).toBe('cafe-launch.json');
    expect(exportFileName('  Q3 — Roadmap  ')).toBe('q3-roadmap.json');
    expect(exportFileName('日本')).toBe('board.json');
  });
});
