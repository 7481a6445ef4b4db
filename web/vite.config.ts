import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { preloadLists, withoutLoaded } from './preload-lists.ts';
import { layoutNamespaces } from './src/app/route-table.ts';
import { routePreloads } from './route-preloads.ts';

/** The string areas that every app-layout page loads (route-table.ts): one chunk per language. */
const layoutStrings = new Set<string>(layoutNamespaces);

export default defineConfig({
  plugins: [react(), preloadLists(), routePreloads(), precompress()],
  resolve: {
    alias: [
      {
        // The toast store alone (the package's exports hide it): the entry needs the store to know
        // when the first toast arrives; the container and its transitions load with that toast.
        find: 'mantine-notifications-store',
        replacement: fileURLToPath(
          new URL('../node_modules/@mantine/notifications/esm/notifications.store.mjs', import.meta.url),
        ),
      },
      {
        // React's own hook instead of the shim's fallback for React 17 (react-i18next imports it).
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Modern syntax as it is (every supported browser has ES2022).
    target: 'es2022',
    // bench/bundle-size.ts reads it to measure what each route loads.
    manifest: true,
    // No polyfill: every browser the app supports knows <link rel=modulepreload>.
    modulePreload: { polyfill: false, resolveDependencies: withoutLoaded },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs first, in one file: the entry's static imports — React, React
              // Router, i18next with the English core strings, Mantine's provider and inputs, the
              // session, the API client, the sign-in layout and the login form (router.tsx). Rolldown
              // would cut them into ~25 files (what the entry shares with lazy chunks), each
              // compressed alone: one file is several KB of gzip smaller (bench/bundle-size.ts).
              name: 'shell',
              tags: ['$initial'],
              priority: 5,
            },
            {
              // What a signed-in visit needs before its first query can start: TanStack Query with
              // the app's client and the query keys, and the ability (CASL) the route's guard checks. One small chunk
              // that the entry asks for as soon as it runs (main.tsx), beside the layout's.
              name: 'signed-in',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|@casl|@ucast)[\\/]|web[\\/]src[\\/]lib[\\/](query-client\.tsx|ability\.ts|ability-context\.ts|query-persistence\.ts)$|web[\\/]src[\\/]shared[\\/]queries[\\/]keys\.ts$/,
              priority: 4,
            },
            {
              // The app layout with everything it imports (menu icons, navbar, badges, the shared
              // reads, the live connection's hook): one chunk instead of ~40 small ones, which a
              // first visit would fetch six at a time over HTTP/1.1 (bench/first-visit.ts).
              name: 'app-layout',
              test: /web[\\/]src[\\/]layouts[\\/]app-layout\.tsx$/,
              priority: 3,
            },
            {
              // The rest of Mantine's components, which the signed-in pages use: one
              // larger chunk rather than ~30 small ones, which a first visit would otherwise fetch
              // six at a time over HTTP/1.1 (bench/first-visit.ts).
              name: 'mantine-app',
              test: /node_modules[\\/]@mantine[\\/](core|dates|form)[\\/]esm[\\/]/,
              priority: 2,
            },
            {
              // A page's strings in one file per language and area: `<area>.json` with
              // `api/<area>.json`, and the app layout's areas (router.tsx) together — two requests
              // for a first visit's strings instead of seven.
              debugName: 'strings',
              name: (id) => {
                const file = /web[\\/]src[\\/]locales[\\/](\w+)[\\/](?:api[\\/])?(\w+)\.json$/.exec(id);
                if (!file) return null;
                const [, language, area] = file;
                return `strings-${language}-${layoutStrings.has(area!) ? 'layout' : area}`;
              },
              test: /web[\\/]src[\\/]locales[\\/]/,
              priority: 1,
            },
            {
              // The icons that several pages share: one chunk instead of ~25 files of 300 bytes,
              // which a first visit would queue on six connections (bench/first-visit.ts).
              name: 'icons',
              test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
