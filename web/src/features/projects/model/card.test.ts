import type { Board, ListItem } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { blankItem } from './board';
import { boardPeople, changeCard, tagChoices } from './card';

const person = (id: string, fullName: string) => ({
  _id: id,
  username: `u${id}`,
  fullName,
  avatar: null,
  country: '',
});

function board(items: ListItem[], other: ListItem[] = []): Board {
  return {
    _id: '1',
    name: 'Board',
    description: '',
    status: 'active',
    user: '1',
    owner: person('1', 'Owner'),
    members: [person('2', 'Ana'), person('1', 'Owner')],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    lists: [
      { _id: '10', name: 'To do', status: 'active', project: '1', headerColor: 'purple', items },
      { _id: '20', name: 'Done', status: 'active', project: '1', headerColor: 'green', items: other },
    ],
    version: 1,
  };
}

describe('changeCard', () => {
  it('changes the one card and keeps every other object', () => {
    const before = board(
      [blankItem('1', 'One', ''), blankItem('2', 'Two', '')],
      [blankItem('3', 'Three', '')],
    );
    const after = changeCard(before, '10', '1', { archived: true, members: ['2'] });
    expect(after.lists[0]!.items[0]).toMatchObject({ _id: '1', archived: true, members: ['2'] });
    expect(after.lists[0]!.items[1]).toBe(before.lists[0]!.items[1]);
    expect(after.lists[1]).toBe(before.lists[1]);
  });

  it('changes a card from what it is (a count going up)', () => {
    const before = board([{ ...blankItem('1', 'One', ''), commentCount: 2 }]);
    const after = changeCard(before, '10', '1', (item) => ({ commentCount: item.commentCount + 1 }));
    expect(after.lists[0]!.items[0]!.commentCount).toBe(3);
  });

  it('leaves the board as it is for a card that is not in that list', () => {
    const before = board([blankItem('1', 'One', '')]);
    expect(changeCard(before, '20', '1', { archived: true })).toBe(before);
    expect(changeCard(before, '10', '9', { archived: true })).toBe(before);
  });
});

describe('tagChoices', () => {
  it('offers the board’s tags, mine and the built-ins, each name once, the board’s colour first', () => {
    const tagged = { ...blankItem('1', 'One', ''), tags: [{ name: 'High', color: '#000000' }] };
    const choices = tagChoices(board([tagged]), [
      { _id: '5', name: 'urgent', color: '#123456', builtIn: false },
      { _id: 'high', name: 'high', color: '#ea5455', builtIn: true },
    ]);
    expect(choices.map((tag) => tag.name)).toEqual(['High', 'low', 'medium', 'team', 'update', 'urgent']);
    expect(choices.find((tag) => tag.name === 'High')!.color).toBe('#000000');
  });

  it('offers the built-ins before my tags are read', () => {
    expect(tagChoices(board([]), undefined).map((tag) => tag.name)).toEqual([
      'high',
      'low',
      'medium',
      'team',
      'update',
    ]);
  });
});

describe('boardPeople', () => {
  it('gives the owner first, then the members, each once', () => {
    expect(boardPeople(board([])).map((p) => p.fullName)).toEqual(['Owner', 'Ana']);
  });
});
