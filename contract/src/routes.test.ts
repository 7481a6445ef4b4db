import { describe, expect, it } from 'vitest';
import { homeOf, isAllowedParam, routeParams } from './routes';

describe('route parameter whitelists', () => {
  it.each([
    ['todoFilter', 'important', true],
    ['todoFilter', 'completed', true],
    ['todoFilter', 'deleted', true],
    ['todoFilter', 'bogus', false],
    ['todoFilter', 'Important', false],
    ['goalFilter', 'done', true],
    ['goalFilter', 'progress', true],
    ['goalFilter', 'important', false],
    ['tag', 'team', true],
    ['tag', 'update', true],
    ['tag', 'urgent', false],
    ['tag', '', false],
    ['tag', undefined, false],
  ] as const)('%s %j → %s', (kind, value, allowed) => {
    expect(isAllowedParam(kind, value)).toBe(allowed);
  });

  it('keeps the spec lists exactly', () => {
    expect(routeParams).toEqual({
      todoFilter: ['important', 'completed', 'deleted'],
      goalFilter: ['done', 'progress', 'deleted'],
      tag: ['team', 'low', 'medium', 'high', 'update'],
    });
  });

  it('sends each role home', () => {
    expect(homeOf('admin')).toBe('/');
    expect(homeOf('client')).toBe('/access-control');
    expect(homeOf('auditor')).toBe('/login');
    expect(homeOf(undefined)).toBe('/login');
  });
});
