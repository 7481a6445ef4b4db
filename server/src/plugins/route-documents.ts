/**
 * The index.html of an address, naming the chunks its page will load (web/route-preloads.ts writes
 * them to route-preloads.json at build time): `<link rel=modulepreload>` for the page's scripts and
 * its strings in the visitor's language, and its style sheets (1–2 KB; a `preload` of them would
 * warn in the console when a signed-out visitor is sent to /login before they are used, and the
 * chunks' own loader skips a sheet the document already links). The browser fetches them while
 * the entry chunk loads and runs, instead of in waves once it has run (bench/first-visit.ts). An
 * address no route matches gets index.html as it is.
 *
 * Addresses match as React Router matches them (web/src/app/router.tsx): segment by segment, case
 * insensitive, a trailing slash ignored, `:name` any one segment, and a static segment ranking above
 * a parameter (`/apps/meetings/add-meeting` before `/apps/meetings/:id`). The language is the first
 * of the app's four that Accept-Language names, as the app picks it from the browser's languages
 * (web/src/lib/i18n.ts), else English; a language chosen in the app and kept in the browser's
 * storage may differ, and then its strings load as before (two small files).
 */
import { languagesList } from '@cadence/contract';
import { compressOnce, type Encoding } from './compression';

export interface RoutePreloads {
  routes: { path: string; scripts: string[]; styles: string[]; strings: Record<string, string[]> }[];
}

const DEFAULT_LANGUAGE = 'en';
/** React Router's ranks (its `computeScore`): a static segment 10, a dynamic one 3. */
const STATIC_SEGMENT = 10;
const DYNAMIC_SEGMENT = 3;

interface CompiledRoute {
  index: number;
  segments: (string | null)[];
  score: number;
}

const segmentsOf = (pathname: string) => pathname.toLowerCase().split('/').filter(Boolean);

/** The first of the app's languages in Accept-Language, by quality then order. */
export function preferredLanguage(header: string | undefined): string {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.slice(0, 2).toLowerCase(), quality: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.quality > 0 && (languagesList as readonly string[]).includes(entry.language))
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return ranked[0]?.language ?? DEFAULT_LANGUAGE;
}

/** Where the links go: before `</head>` (an index.html without one is sent as it is). */
const HEAD_END = /\s*<\/head>/;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export class RouteDocuments {
  private readonly routes: CompiledRoute[];
  private readonly documents = new Map<string, Buffer>();

  constructor(
    private readonly indexHtml: string,
    private readonly preloads: RoutePreloads,
  ) {
    this.routes = preloads.routes.map((route, index) => {
      const segments = segmentsOf(route.path).map((segment) => (segment.startsWith(':') ? null : segment));
      const score = segments.reduce((sum, s) => sum + (s === null ? DYNAMIC_SEGMENT : STATIC_SEGMENT), 0);
      return { index, segments, score };
    });
  }

  /** The route an address shows, by React Router's ranking; undefined for none. */
  match(pathname: string): number | undefined {
    const parts = segmentsOf(pathname);
    let best: CompiledRoute | undefined;
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue;
      if (!route.segments.every((segment, i) => segment === null || segment === parts[i])) continue;
      if (!best || route.score > best.score) best = route;
    }
    return best?.index;
  }

  /** The document for an address, in an encoding; undefined when no route has anything to add. */
  document(pathname: string, language: string, encoding: Encoding): Buffer | undefined {
    const index = this.match(pathname);
    if (index === undefined) return undefined;
    const key = `${index}:${language}:${encoding}`;
    const known = this.documents.get(key);
    if (known) return known;
    const route = this.preloads.routes[index]!;
    const links = [
      ...route.scripts,
      ...(route.strings[language] ?? route.strings[DEFAULT_LANGUAGE] ?? []),
    ].map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`);
    links.push(
      ...route.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`),
    );
    if (links.length === 0 || !HEAD_END.test(this.indexHtml)) return undefined;
    const html = this.indexHtml.replace(
      HEAD_END,
      `\n${links.map((link) => `    ${link}`).join('\n')}\n  </head>`,
    );
    const plain = Buffer.from(html);
    const bytes = encoding === 'identity' ? plain : compressOnce(plain, encoding);
    this.documents.set(key, bytes);
    return bytes;
  }
}
