/**
 * The route table names every page as its feature's `routes.ts` does, and the build's reading of
 * those files (web/route-preloads.ts) finds each of them: the chunks the server names in a page's
 * index.html are then the page's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { pageImports } from '../../route-preloads';
import { routeTable } from './route-table';

const features = path.resolve(import.meta.dirname, '../features');

function pagesOf(feature: string): Map<string, string> {
  const file = path.join(features, feature, 'routes.ts');
  const { program } = parseSync(file, fs.readFileSync(file, 'utf8'), { lang: 'ts' });
  return pageImports(program as never);
}

describe('the route table', () => {
  const lazyRoutes = routeTable.flatMap((route) => (route.feature === 'shell' ? [] : [route]));

  it.each(lazyRoutes.map((route) => [route.path, route.feature, route.page]))(
    '%s: page “%s/%s” is imported by its feature’s routes.ts, from a file that exists',
    (_path, feature, page) => {
      const specifier = pagesOf(feature).get(page);
      expect(specifier).toMatch(/^\.\/pages\//);
      const base = path.join(features, feature, specifier!);
      expect(['.tsx', '.ts'].some((extension) => fs.existsSync(base + extension))).toBe(true);
    },
  );

  it('lists each address once', () => {
    const paths = routeTable.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('finds a page whose function imports its module inside a wrapper', () => {
    const source = `export const routes = {
      plain: { page: () => import('./pages/plain'), prefetch: async () => import('./api/data') },
      wrapped: { page: async () => ({ Component: (await import('./pages/wrapped')).Page }) },
      none: { prefetch: () => import('./api/other') },
    } satisfies FeatureRoutes;`;
    const { program } = parseSync('routes.ts', source, { lang: 'ts' });
    expect([...pageImports(program as never)]).toEqual([
      ['plain', './pages/plain'],
      ['wrapped', './pages/wrapped'],
    ]);
  });
});
