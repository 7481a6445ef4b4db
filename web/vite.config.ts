import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';
import { preloadLists, withoutLoaded } from './preload-lists';

export default defineConfig({
  plugins: [react(), preloadLists(), precompress()],
  resolve: {
    alias: {
      // The toast store alone (the package's exports hide it): the entry needs the store to know
      // when the first toast arrives; the container and its transitions load with that toast.
      'mantine-notifications-store': fileURLToPath(
        new URL('../node_modules/@mantine/notifications/esm/notifications.store.mjs', import.meta.url),
      ),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // main.tsx awaits the language resources before the first render.
    target: 'es2022',
    // bench/bundle-size.ts reads it to measure what each route loads.
    manifest: true,
    modulePreload: { resolveDependencies: withoutLoaded },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page draws with, the sign-in pages included: one chunk instead of ~30
              // small ones, which gzip as a whole ~5 KB smaller (bench/bundle-size.ts).
              name: 'mantine-base',
              test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]esm[\\/](core|utils|components[\\/](Box|Button|UnstyledButton|Text|Title|Group|Stack|Center|Loader|Alert|CloseButton|ActionIcon|Input|InputBase|TextInput|PasswordInput|Anchor|Paper|Code|NativeSelect|Combobox[\\/]ComboboxChevron|Transition|Portal|VisuallyHidden))/,
            },
            {
              // The rest of Mantine's components, which the signed-in pages use: one
              // larger chunk rather than ~30 small ones, which a first visit would otherwise fetch
              // six at a time over HTTP/1.1 (bench/first-visit.ts).
              name: 'mantine-app',
              test: /node_modules[\\/]@mantine[\\/](core|dates|form)[\\/]esm[\\/]/,
            },
          ],
        },
      },
    },
  },
});
