/**
 * Shorter preload lists: a lazy import's list of chunks to preload leaves out the chunks its
 * importer already imports statically (they are loaded before the import can run). Vite lists
 * them all, and the entry carries every route's list: with ~50 lazy imports in the entry that was
 * ~1 KB of gzip on every page, /login included (bench/bundle-size.ts).
 */
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;

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

const loaded = new Map<string, Set<string>>();

/** The chunks a chunk imports statically, itself included, transitively. */
function staticClosure(fileName: string): Set<string> {
  const known = loaded.get(fileName);
  if (known) return known;
  const seen = new Set<string>();
  const walk = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = bundle?.[name];
    if (chunk?.type === 'chunk') chunk.imports.forEach(walk);
  };
  walk(fileName);
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
  const host = staticClosure(context.hostId);
  return deps.filter((dep) => !host.has(dep));
}
