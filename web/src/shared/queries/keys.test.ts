/**
 * The query-key registry: an invalidation by a prefix reaches what it means to (a card's reads and
 * the board's changes in flight go with their board, every read of an area with its `all`), and
 * the readers of a key find back what it was built from.
 */
import { describe, expect, it } from 'vitest';
import {
  billingKeys,
  calendarKeys,
  chatKeys,
  dashboardKeys,
  friendKeys,
  goalKeys,
  groupKeys,
  meetingKeys,
  projectKeys,
  todoKeys,
  userKeys,
} from './keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

describe('the query keys', () => {
  it('puts every read of an area under its key', () => {
    const areas: [readonly unknown[], (readonly unknown[])[]][] = [
      [projectKeys.all, [projectKeys.lists, projectKeys.list('1'), projectKeys.board('2')]],
      [projectKeys.lists, [projectKeys.list('1')]],
      [
        projectKeys.board('2'),
        [
          projectKeys.boardChange('2'),
          projectKeys.card('2', '3'),
          projectKeys.comments('2', '3'),
          projectKeys.activity('2', '3'),
        ],
      ],
      [projectKeys.card('2', '3'), [projectKeys.comments('2', '3'), projectKeys.activity('2', '3')]],
      [goalKeys.all, [goalKeys.list('1', { filter: null, tag: null, q: null })]],
      [
        todoKeys.all,
        [
          todoKeys.summary('1'),
          todoKeys.list('1', { filter: null, tag: null, q: null, sortBy: 'latest', page: 1 }),
        ],
      ],
      [meetingKeys.all, [meetingKeys.list('active'), meetingKeys.one('4'), meetingKeys.invitations('all')]],
      [
        meetingKeys.times,
        [meetingKeys.availableTimes({} as Parameters<typeof meetingKeys.availableTimes>[0])],
      ],
      [calendarKeys.all, [calendarKeys.events('1', { start: '2030-01-01', end: '2030-02-01' })]],
      [chatKeys.all, [chatKeys.list, chatKeys.messages('5')]],
      [friendKeys.all, [friendKeys.list, friendKeys.requests]],
      [groupKeys.all, [groupKeys.list]],
      [billingKeys.all, [billingKeys.mine('1')]],
      [dashboardKeys.all, [dashboardKeys.mine('1')]],
      [userKeys.all, [userKeys.one('1'), userKeys.page('', 1), userKeys.directory('', 1)]],
    ];
    for (const [prefix, keys] of areas) {
      for (const key of keys)
        expect(startsWith(key, prefix), `${key.join('/')} under ${prefix.join('/')}`).toBe(true);
    }
  });

  it('reads back the board of a board’s or a card’s key, and the list a goals key was for', () => {
    expect(projectKeys.boardOf(projectKeys.board('2'))).toBe('2');
    expect(projectKeys.boardOf(projectKeys.comments('2', '3'))).toBe('2');
    expect(projectKeys.boardOf(projectKeys.list('2'))).toBeUndefined();
    expect(projectKeys.boardOf(chatKeys.messages('2'))).toBeUndefined();
    const params = { filter: 'open', tag: null, q: 'words' };
    expect(goalKeys.listOf(goalKeys.list('1', params))).toEqual(params);
    expect(goalKeys.listOf(todoKeys.summary('1'))).toBeUndefined();
  });
});
