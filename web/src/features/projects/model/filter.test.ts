import type { ListItem } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { blankItem } from './board';
import { boardTags, emptyFilter, matchingIds, parseBoardFilter, withBoardFilter } from './filter';
import { testBoard, testList } from './test-boards';

const NOW = Date.parse('2026-03-20T12:00:00Z');
const HOUR = 3_600_000;

const card = (id: string, fields: Partial<ListItem> = {}): ListItem => ({
  ...blankItem(id, `Card ${id}`, ''),
  ...fields,
});

const list = testList;
const board = testBoard;

const high = { name: 'high', color: '#ea5455' };
const low = { name: 'low', color: '#28c76f' };

const sample = board(
  list('10', [
    card('1', { name: 'Write the spec', tags: [high], members: ['7'] }),
    card('2', { name: 'Café menu', description: 'Crème brûlée', tags: [low] }),
    card('3', { name: 'Late', dueAt: new Date(NOW - HOUR).toISOString(), tags: [high], archived: true }),
    card('4', { name: 'Soon', dueAt: new Date(NOW + 2 * HOUR).toISOString() }),
  ]),
  list('20', [
    card('5', { name: 'Overdue', dueAt: new Date(NOW - 2 * HOUR).toISOString(), members: ['8'] }),
    card('6', { name: 'Overdue but done', dueAt: new Date(NOW - 2 * HOUR).toISOString(), dueComplete: true }),
    card('7', { name: 'Next month', dueAt: new Date(NOW + 30 * 24 * HOUR).toISOString() }),
  ]),
  list('30', [card('8', { name: 'Archived list card', tags: [high] })], 'inactive'),
);

const ids = (set: Set<string>) => [...set].sort();

describe('matchingIds', () => {
  it('gives every shown card when nothing is filtered, leaving out archived cards and lists', () => {
    expect(ids(matchingIds(sample, emptyFilter, NOW))).toEqual(['1', '2', '4', '5', '6', '7']);
  });

  it('finds text in the name or description, whatever the case and accents', () => {
    expect(ids(matchingIds(sample, { ...emptyFilter, q: 'creme' }, NOW))).toEqual(['2']);
    expect(ids(matchingIds(sample, { ...emptyFilter, q: '  WRITE ' }, NOW))).toEqual(['1']);
  });

  it('keeps cards with any of the tags, of any case', () => {
    expect(ids(matchingIds(sample, { ...emptyFilter, tag: ['HIGH'] }, NOW))).toEqual(['1']);
    expect(ids(matchingIds(sample, { ...emptyFilter, tag: ['high', 'low'] }, NOW))).toEqual(['1', '2']);
  });

  it('keeps cards with any of the members, or with none', () => {
    expect(ids(matchingIds(sample, { ...emptyFilter, member: ['8'] }, NOW))).toEqual(['5']);
    expect(ids(matchingIds(sample, { ...emptyFilter, member: ['7', 'none'] }, NOW))).toEqual([
      '1',
      '2',
      '4',
      '6',
      '7',
    ]);
  });

  it('tells overdue, due within a week and undated cards apart', () => {
    expect(ids(matchingIds(sample, { ...emptyFilter, due: 'overdue' }, NOW))).toEqual(['5']);
    expect(ids(matchingIds(sample, { ...emptyFilter, due: 'week' }, NOW))).toEqual(['4']);
    expect(ids(matchingIds(sample, { ...emptyFilter, due: 'none' }, NOW))).toEqual(['1', '2']);
  });

  it('combines the parts of a filter: every part must pass', () => {
    expect(ids(matchingIds(sample, { ...emptyFilter, tag: ['high'], q: 'café' }, NOW))).toEqual([]);
    expect(ids(matchingIds(sample, { ...emptyFilter, member: ['none'], due: 'week' }, NOW))).toEqual(['4']);
  });
});

describe('the filter in the address', () => {
  it('reads every part, repeated tags and members too', () => {
    const filter = parseBoardFilter(new URLSearchParams('q=spec&tag=high&tag=low&member=7&due=overdue'));
    expect(filter).toEqual({ q: 'spec', tag: ['high', 'low'], member: ['7'], due: 'overdue' });
  });

  it('leaves out what it cannot read, and keeps the rest', () => {
    const filter = parseBoardFilter(
      new URLSearchParams(`q=${'x'.repeat(201)}&due=tomorrow&tag=high&tag=&tag=high`),
    );
    expect(filter).toEqual({ q: '', tag: ['high'], member: [], due: undefined });
    expect(parseBoardFilter(new URLSearchParams(''))).toEqual(emptyFilter);
  });

  it('writes the filter back, keeping the other parameters, and reads the same filter again', () => {
    const filter = { q: 'café au lait', tag: ['high', 'à faire'], member: ['none'], due: 'week' as const };
    const params = withBoardFilter(new URLSearchParams('tab=1&q=old&tag=low'), filter);
    expect(params.get('tab')).toBe('1');
    expect(params.getAll('tag')).toEqual(['high', 'à faire']);
    expect(parseBoardFilter(new URLSearchParams(params.toString()))).toEqual(filter);
    expect(withBoardFilter(params, emptyFilter).toString()).toBe('tab=1');
  });
});

describe('boardTags', () => {
  it('gives the tags of the shown cards once each, by name', () => {
    expect(boardTags(sample)).toEqual([high, low]);
  });
});
