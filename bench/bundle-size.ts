/**
 * The gzip size of each route's chunk, and of all the JavaScript a first visit to /login loads
 * (the entry, its static imports, and the login page's chunk with its own). Reads the Vite
 * manifest of web/dist: run `npm run build` first. Budget for /login: 180 KB gzip.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const LOGIN_BUDGET_KB = 180;
const dist = path.resolve(import.meta.dirname, '../web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dependency of manifest[key]?.imports ?? []) closure(dependency, seen);
  return seen;
}

const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
if (!entryKey) throw new Error('no entry chunk in the manifest');
const entry = closure(entryKey);

const rows = Object.entries(manifest)
  .filter(([key]) => /\/(features|layouts|locales)\//.test(key))
  .map(([key, chunk]) => {
    const own = [...closure(key)].filter((k) => !entry.has(k));
    return {
      route: key.replace(/^src\//, ''),
      'chunk KB gzip': Number(gzipKb(chunk.file).toFixed(1)),
      'with its imports KB gzip': Number(
        own.reduce((sum, k) => sum + gzipKb(manifest[k]!.file), 0).toFixed(1),
      ),
    };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

const entryKb = [...entry].reduce((sum, key) => sum + gzipKb(manifest[key]!.file), 0);
const loginKey = Object.keys(manifest).find((key) => key.endsWith('features/auth/pages/login.tsx'));
if (!loginKey) throw new Error('the login page has no chunk of its own');
// The sign-in pages render inside the full layout, a lazy chunk of its own.
const layoutKey = Object.keys(manifest).find((key) => key.endsWith('layouts/full-layout.tsx'));
if (!layoutKey) throw new Error('the full layout has no chunk of its own');
const loginKb = [...new Set([...entry, ...closure(loginKey), ...closure(layoutKey)])].reduce(
  (sum, key) => sum + gzipKb(manifest[key]!.file),
  0,
);

console.log('\nWeb app route chunks (gzip, level 9)');
console.table(rows);
console.log(`entry (loaded by every page): ${entryKb.toFixed(1)} KB gzip`);
console.log(`JS loaded by /login: ${loginKb.toFixed(1)} KB gzip (budget ${LOGIN_BUDGET_KB} KB)`);
if (loginKb > LOGIN_BUDGET_KB) {
  console.error(`/login loads more than ${LOGIN_BUDGET_KB} KB of JavaScript.`);
  process.exitCode = 1;
}
