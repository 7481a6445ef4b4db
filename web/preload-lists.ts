/**
 * Shorter preload lists: a lazy import's list of chunks to preload leaves out the chunks its
 * importer already imports statically (they are loaded before the import can run). Vite lists
 * them all, and the entry carries every route's list: with ~50 lazy imports in the entry that was
 * ~1 KB of gzip on every page, /login included (bench/bundle-size.ts).
 */
import type { Plugin, Rolldown } from 'vite';

export type OutputBundle = Rolldown.OutputBundle;

let bundle: OutputBundle | undefined;

/** Captures the bundle before Vite writes the preload lists (which it does in generateBundle). */
export function preloadLists(): Plugin {
  return {
    name: 'cadence-preload-lists',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
}

/** The chunks `fileName` imports statically, itself included, transitively, added to `into`. */
export function staticImports(output: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = output[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticImports(output, imported, into);
  return into;
}

const loaded = new Map<string, Set<string>>();

/** The chunks a chunk of this build imports statically (kept: asked for once per lazy import). */
function staticClosure(output: OutputBundle, fileName: string): Set<string> {
  const known = loaded.get(fileName);
  if (known) return known;
  const seen = staticImports(output, fileName);
  loaded.set(fileName, seen);
  return seen;
}

/** `build.modulePreload.resolveDependencies`: a lazy import's deps less what its importer has loaded. */
export function withoutLoaded(
  _fileName: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
): string[] {
  if (context.hostType !== 'js' || !bundle) return deps;
  const host = staticClosure(bundle, context.hostId);
  return deps.filter((dep) => !host.has(dep));
}
