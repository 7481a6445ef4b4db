/**
 * Each address's chunks, for the index.html the server sends at that address (route-preloads.json).
 *
 * A first visit by URL otherwise learns what its page needs one step at a time: the entry runs
 * (~200 ms here), asks for the feature's `lazy-pages` chunk, which asks for the page's chunk and its
 * imports, which ask for the strings — each wave waiting for the one before, and the API's first
 * read waiting behind them (bench/first-visit.ts). With `<link rel=modulepreload>` for every chunk
 * the page will import, in the document itself, they load while the entry loads and runs.
 *
 * For every route of src/app/route-table.ts (the routes the features' `routes.ts` declare): the
 * static closure of the page's chunk, of its feature's `lazy-pages` chunk, and of what the router
 * loads beside them (the app layout, the query client, the ability, the strings' loader), less what
 * index.html already loads; its style sheets; and, per language, the chunks of the route's strings
 * (vite.config.ts names them `strings-<language>-<area>`). A page is found by its feature's
 * `lazy-pages.ts` (`name: { page: () => import('./pages/…') }`): the build fails when a route's page
 * is not found there.
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { staticImports } from './preload-lists.ts';
import { layoutNamespaces, routeTable } from './src/app/route-table.ts';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** What the server reads (server/src/plugins/web-app.ts). */
export interface RoutePreloads {
  routes: {
    path: string;
    /** Module scripts, as addresses (`/assets/…`). */
    scripts: string[];
    styles: string[];
    /** The route's strings chunks by language. */
    strings: Record<string, string[]>;
  }[];
}

type Node = { type: string; [key: string]: unknown };

/** Every node under `node`, depth first. */
function* nodesOf(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* nodesOf(child);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') yield n;
  for (const [key, child] of Object.entries(n)) if (key !== 'type') yield* nodesOf(child);
}

/**
 * `name: { page: () => import('./pages/x') }` (or any function of `page` whose body imports one
 * module) in a feature's `lazyPages` object: the page's name → the specifier.
 */
export function pageImports(program: Node): Map<string, string> {
  const found = new Map<string, string>();
  for (const node of nodesOf(program)) {
    const key = node.key as Node | undefined;
    const value = node.value as Node | undefined;
    if (node.type !== 'Property' || key?.type !== 'Identifier' || value?.type !== 'ObjectExpression')
      continue;
    const page = (value.properties as Node[]).find(
      (prop) => (prop.key as Node | undefined)?.type === 'Identifier' && (prop.key as Node).name === 'page',
    );
    for (const inner of nodesOf(page?.value)) {
      const source = inner.type === 'ImportExpression' ? (inner.source as Node) : undefined;
      if (source?.type === 'Literal' && typeof source.value === 'string') {
        found.set(key.name as string, source.value);
        break;
      }
    }
  }
  return found;
}

const LAZY_PAGES = /[\\/]src[\\/]features[\\/]([\w-]+)[\\/]lazy-pages\.ts$/;

export function routePreloads(): Plugin {
  /** `feature/page` → the page module's id. */
  const pages = new Map<string, string>();
  /** `feature` → its `lazy-pages.ts` module's id. */
  const lazyPagesModules = new Map<string, string>();
  return {
    name: 'cadence-route-preloads',
    apply: 'build',
    async transform(code, id) {
      const feature = LAZY_PAGES.exec(id)?.[1];
      if (!feature) return null;
      lazyPagesModules.set(feature, id);
      const program = this.parse(code, { lang: 'ts' }) as unknown as Node;
      for (const [name, specifier] of pageImports(program)) {
        const resolved = await this.resolve(specifier, id);
        if (resolved) pages.set(`${feature}/${name}`, resolved.id);
      }
      return null;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (file): file is Rolldown.OutputChunk => file.type === 'chunk',
        );
        const byModule = new Map<string, Rolldown.OutputChunk>();
        for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(id, chunk);
        const chunkOf = (suffix: string): string => {
          const id = [...byModule.keys()].find((key) => key.split(path.sep).join('/').endsWith(suffix));
          if (!id) throw new Error(`route preloads: no chunk holds ${suffix}`);
          return byModule.get(id)!.fileName;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('route preloads: the build has no entry chunk');
        const inIndex = staticImports(bundle, entry.fileName);
        const cssOf = (names: Set<string>) =>
          new Set(
            [...names].flatMap((name) => {
              const chunk = bundle[name];
              return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
            }),
          );
        const indexCss = cssOf(inIndex);
        const appLayout = chunkOf('src/layouts/app-layout.tsx');
        const queryClient = chunkOf('src/lib/query-client.tsx');
        const ability = chunkOf('src/lib/ability.ts');
        const localeFiles = chunkOf('src/lib/locale-files.ts');
        const strings = new Map<string, Map<string, string>>();
        for (const chunk of chunks) {
          const [, language, area] = /^strings-(\w+)-(\w+)$/.exec(chunk.name) ?? [];
          if (!language || !area) continue;
          if (!strings.has(language)) strings.set(language, new Map());
          strings.get(language)!.set(area, chunk.fileName);
        }
        const address = (fileName: string) => `/${fileName}`;

        const routes: RoutePreloads['routes'] = routeTable.map((route) => {
          const roots: string[] = [];
          // A shell page is in the entry chunk, which index.html loads.
          if (!route.shell) {
            const page = pages.get(`${route.feature}/${route.page}`);
            const lazyPagesModule = lazyPagesModules.get(route.feature);
            if (!page || !lazyPagesModule) {
              throw new Error(
                `route preloads: ${route.path}: no page “${route.page}” in features/${route.feature}/lazy-pages.ts`,
              );
            }
            roots.push(byModule.get(page)!.fileName, byModule.get(lazyPagesModule)!.fileName);
          }
          if (route.access.resource !== 'Auth') roots.push(ability);
          if (route.layout === 'app') roots.push(appLayout, queryClient);
          else if (route.queries !== false) roots.push(queryClient);
          const areas = [...(route.namespaces ?? []), ...(route.layout === 'app' ? layoutNamespaces : [])];
          if (areas.length > 0) roots.push(localeFiles);
          const needed = new Set<string>();
          for (const root of roots) staticImports(bundle, root, needed);
          for (const loaded of inIndex) needed.delete(loaded);
          const chunkNames = new Set(
            areas.map((area) => (layoutNamespaces.includes(area as never) ? 'layout' : area)),
          );
          const byLanguage: Record<string, string[]> = {};
          for (const [language, files] of strings) {
            byLanguage[language] = [...chunkNames].flatMap((name) => {
              const file = files.get(name);
              return file && !inIndex.has(file) ? [address(file)] : [];
            });
          }
          return {
            path: route.path,
            scripts: [...needed].map(address),
            styles: [...cssOf(needed)].filter((file) => !indexCss.has(file)).map(address),
            strings: byLanguage,
          };
        });
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify({ routes } satisfies RoutePreloads, null, 1)}\n`,
        });
      },
    },
  };
}
