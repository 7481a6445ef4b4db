import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

export default defineConfig({
  plugins: [react(), precompress()],
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
  },
});
