/**
 * The route table is what the features declare, whole and consistent: every feature's `routes.ts`
 * is in it; every route's page is one of its feature's `lazy-pages.ts`, found there as the build
 * finds it (web/route-preloads.ts), from a file that exists, and every lazy page has a route; each
 * address is declared once; and every menu entry links to an address one can open from a menu.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { pageImports } from '../../route-preloads';
import { featureRoutes, menus, routeTable } from './route-table';

const features = path.resolve(import.meta.dirname, '../features');

function lazyPagesOf(feature: string): Map<string, string> {
  const file = path.join(features, feature, 'lazy-pages.ts');
  if (!fs.existsSync(file)) return new Map();
  const { program } = parseSync(file, fs.readFileSync(file, 'utf8'), { lang: 'ts' });
  return pageImports(program as never);
}

describe('the route table', () => {
  const lazyRoutes = routeTable.filter((route) => !route.shell);

  it('holds every feature that declares routes', () => {
    const declaring = fs
      .readdirSync(features)
      .filter((feature) => fs.existsSync(path.join(features, feature, 'routes.ts')));
    expect(Object.keys(featureRoutes).sort()).toEqual(declaring.sort());
  });

  it.each(lazyRoutes.map((route) => [route.path, route.feature, route.page]))(
    '%s: page “%s/%s” is imported by its feature’s lazy-pages.ts, from a file that exists',
    (_path, feature, page) => {
      const specifier = lazyPagesOf(feature).get(page);
      expect(specifier).toMatch(/^\.\/pages\//);
      const base = path.join(features, feature, specifier!);
      expect(['.tsx', '.ts'].some((extension) => fs.existsSync(base + extension))).toBe(true);
    },
  );

  it('gives every lazy page a route', () => {
    const routed = new Set(lazyRoutes.map((route) => `${route.feature}/${route.page}`));
    const pages = Object.keys(featureRoutes).flatMap((feature) =>
      [...lazyPagesOf(feature).keys()].map((page) => `${feature}/${page}`),
    );
    expect(pages.filter((page) => !routed.has(page))).toEqual([]);
  });

  it('lists each address once', () => {
    const paths = routeTable.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('links each menu entry to a declared address without parameters, in a place of its own', () => {
    for (const [section, links] of Object.entries(menus)) {
      for (const link of links) {
        const route = routeTable.find((candidate) => candidate.path === link.to);
        expect(route?.access, `${section} menu: ${link.labelKey}`).toEqual(link.access);
        expect(link.to, `${section} menu: ${link.labelKey}`).not.toContain(':');
      }
      const orders = links.map((link) => link.order);
      expect(new Set(orders).size, `${section} menu: two entries share an order`).toBe(orders.length);
    }
    expect(menus.main.length).toBeGreaterThan(0);
  });

  it('finds a page whose function imports its module inside a wrapper', () => {
    const source = `export const lazyPages = {
      plain: { page: () => import('./pages/plain'), prefetch: async () => import('./api/data') },
      wrapped: { page: async () => ({ Component: (await import('./pages/wrapped')).Page }) },
      none: { prefetch: () => import('./api/other') },
    } satisfies LazyPages;`;
    const { program } = parseSync('lazy-pages.ts', source, { lang: 'ts' });
    expect([...pageImports(program as never)]).toEqual([
      ['plain', './pages/plain'],
      ['wrapped', './pages/wrapped'],
    ]);
  });
});
