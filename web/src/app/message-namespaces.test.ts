/**
 * Every message the server can send is in the four languages and is loaded on every page that can
 * show it, so no page shows a raw key (`api.calendar.skip.badDate`) or falls back to English.
 *
 * A web unit test that reads the sources of both sides rather than running them (no run of either
 * visits every route of every page; a new route or page is checked the day it is written):
 * - The messages: the contract's (`messages`). Each `area.name` is `api.area.name` in
 *   `locales/<language>/api.json` (the core areas, always loaded) or `api/<area>.json` (loaded with
 *   the lazy namespace `<area>`, lib/i18n.ts).
 * - What each API route can send (server/src/modules/*): the keys its registration names, with
 *   those of what it uses, followed declaration by declaration — its schemas in the contract (zod
 *   answers with their messages), its module's helpers, and for a change (POST, PUT, PATCH,
 *   DELETE) the methods it calls on the context's services. Left out: response schemas (they send
 *   nothing), a read's query schema and services (a page builds its queries from fixed words, and a
 *   read refuses with the core's 404 and 403).
 * - What each page can receive: the API addresses (and methods) of the calls its files make, in
 *   the declarations it imports (a query's module is read for what is taken from it), from its
 *   page module (lazy-pages.ts, as the build finds it) and, for app pages, the app layout's.
 * - What each page loads: its route's namespaces (`routes.ts`), and the layout's for app pages.
 * A message is shown in the page's language when some loaded key has its English text
 * (translate-message.ts finds keys by text); the check fails naming the page, the message and the
 * namespace that would carry it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '@cadence/contract';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { pageImports } from '../../route-preloads';
import { lazyNamespaces } from '../lib/i18n';
import { layoutNamespaces, routeTable } from './route-table';

const webSrc = path.join(import.meta.dirname, '..');
const root = path.join(webSrc, '..', '..');
const serverSrc = path.join(root, 'server', 'src');
const contractSrc = path.join(root, 'contract', 'src');
const localesDir = path.join(webSrc, 'locales');
const languages = ['en', 'fr', 'de', 'pt'] as const;

type MessageKey = keyof typeof messages;
const messageKeys = Object.keys(messages) as MessageKey[];
const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(messages, value);

const readJson = (file: string): unknown =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown) : undefined;

/** The areas whose messages are in the core file (`api.json`), loaded on every page. */
const coreAreas = new Set(Object.keys(readJson(path.join(localesDir, 'en', 'api.json')) as object));

const areaOf = (key: string) => key.split('.')[0]!;

/** The areas whose messages only calendar apps receive (CalDAV, /dav): no page loads them. */
const calendarAppsOnly = ['dav'];

/** A message's text in a language, where i18n.ts finds it, or undefined. */
function textOf(language: string, key: string): unknown {
  const [area, ...rest] = key.split('.');
  const file = coreAreas.has(area!)
    ? path.join(localesDir, language, 'api.json')
    : path.join(localesDir, language, 'api', `${area}.json`);
  let node = readJson(file);
  for (const segment of coreAreas.has(area!) ? [area!, ...rest] : rest) {
    node = (node as Record<string, unknown> | undefined)?.[segment];
  }
  return node;
}

// ---- Source files and what they import ----

const sources = new Map<string, string>();
function source(file: string): string {
  let text = sources.get(file);
  if (text === undefined) sources.set(file, (text = fs.readFileSync(file, 'utf8')));
  return text;
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/** The modules a file imports for their values (not `import type`), static or dynamic. */
function importsOf(file: string): { relative: string[]; contract: string[] } {
  const text = source(file);
  const relative: string[] = [];
  const contract: string[] = [];
  const statements =
    /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*'([^']+)'|import\('([^']+)'\)/g;
  for (const match of text.matchAll(statements)) {
    const [, typeOnly, names = '', from, dynamic] = match;
    const specifier = from ?? dynamic!;
    if (typeOnly) continue;
    if (specifier.startsWith('.')) {
      const resolved = resolve(file, specifier);
      if (resolved) relative.push(resolved);
    } else if (specifier.startsWith('@cadence/contract')) {
      // Names, less those marked `type`: `{ type A, b as c }` gives b.
      const list = /\{([^}]*)\}/.exec(names)?.[1] ?? '';
      for (const name of list.split(',').map((part) => part.trim())) {
        if (name && !name.startsWith('type ')) contract.push(name.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return { relative, contract };
}

/** A file and every file it imports, transitively, within the folder `within`. */
function closure(start: string, within: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !file.startsWith(within)) continue;
    seen.add(file);
    queue.push(...importsOf(file).relative);
  }
  return seen;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// ---- Code pieces: what a declaration or a method names, followed through what it uses ----

/** A module's top-level declarations by name (`export function useX`, `const path = …`). */
function declarationsOf(file: string): Map<string, string> {
  const text = source(file);
  const starts = [...text.matchAll(/^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+(\w+)/gm)];
  return new Map(
    starts.map((start, index) => [
      start[1]!,
      text.slice(start.index, starts[index + 1]?.index ?? text.length),
    ]),
  );
}

/** The methods of a file's classes: class name → method name → bodies (overloads, accessors). */
function classesOf(file: string): Map<string, Map<string, string[]>> {
  const classes = new Map<string, Map<string, string[]>>();
  for (const [name, text] of declarationsOf(file)) {
    if (!/^(?:export\s+)?class\b/.test(text)) continue;
    const methods = new Map<string, string[]>();
    const starts = [
      ...text.matchAll(
        /^ {2}(?:(?:public|private|protected|static|readonly|async)\s+)*(\w+)\s*(?:<[^>\n]*>)?\(/gm,
      ),
    ];
    starts.forEach((start, index) => {
      const body = text.slice(start.index, starts[index + 1]?.index ?? text.length);
      methods.set(start[1]!, [...(methods.get(start[1]!) ?? []), body]);
    });
    classes.set(name, methods);
  }
  return classes;
}

/** The services of the server's context by name (`workingHours` → `WorkingHoursService`). */
const serviceClasses = new Map(
  [...source(path.join(serverSrc, 'services.ts')).matchAll(/(\w+)(?::| =) new (\w+)\(/g)].map(
    (match) => [match[1]!, match[2]!] as const,
  ),
);

/** A routes file's names for the context's services: `const { workingHours: hours } = context.services`. */
function serviceAliases(text: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const [, list = ''] of text.matchAll(/const\s*\{([^}]*)\}\s*=\s*context\.services/g)) {
    for (const part of list.split(',').map((name) => name.trim())) {
      const [service, local = service] = part.split(/\s*:\s*/) as [string, string?];
      if (service) aliases.set(local, service);
    }
  }
  return aliases;
}

/** Where each name a file imports is declared: a file of ours, or the contract's file that exports it. */
function importedNames(file: string): Map<string, string> {
  const names = new Map<string, string>();
  const statements = /(?:^|\n)\s*import\s+(?!type\s)([^'"]*?)\s*from\s*'([^']+)'/g;
  for (const [, list = '', from] of source(file).matchAll(statements)) {
    const target = from!.startsWith('.') ? resolve(file, from!) : undefined;
    const inner = /\{([^}]*)\}/.exec(list)?.[1] ?? '';
    for (const part of inner.split(',').map((name) => name.trim())) {
      if (!part || part.startsWith('type ')) continue;
      const [name, local = name] = part.split(/\s+as\s+/) as [string, string?];
      const declaredIn = from!.startsWith('@cadence/contract') ? contractFileOf.get(name) : target;
      if (declaredIn) names.set(local, declaredIn);
    }
  }
  return names;
}

/** Message lists are named where they are used (`messages['a.b']`): importing one names none. */
const isMessageList = (file: string) => /(^|-)messages\.ts$/.test(path.basename(file));
const contractFileOf = new Map<string, string>();
for (const file of filesUnder(contractSrc)) {
  for (const match of source(file).matchAll(/export\s+(?:const|function|class|enum)\s+(\w+)/g)) {
    contractFileOf.set(match[1]!, file);
  }
}

/**
 * The message keys a piece of code (in `file`) can send: those it names, and those of what it
 * uses: the declarations of its module and of the modules it imports them from (the contract's
 * schemas among them), and the methods it calls on the services of `scope` (a server module).
 */
function keysOfCode(
  text: string,
  file: string,
  scope: readonly string[],
  ownClass?: string,
  seen = new Set<string>(),
): Set<MessageKey> {
  const keys = new Set<MessageKey>(
    [...text.matchAll(/['"]([a-zA-Z]+(?:\.[a-zA-Z]+)+)['"]/g)].map((match) => match[1]!).filter(isMessageKey),
  );
  const follow = (target: string, name: string, body: string | undefined, inClass?: string) => {
    const id = `${target}#${inClass}#${name}#${body?.length ?? 0}`;
    if (body === undefined || seen.has(id) || isMessageList(target)) return;
    seen.add(id);
    keysOfCode(body, target, scope, inClass, seen).forEach((key) => keys.add(key));
  };
  const words = new Set(text.match(/\b[A-Za-z_]\w*\b/g) ?? []);
  const own = declarationsOf(file);
  const imported = importedNames(file);
  for (const word of words) {
    if (own.has(word) && !text.startsWith(own.get(word)!)) follow(file, word, own.get(word));
    const from = imported.get(word);
    if (from) follow(from, word, declarationsOf(from).get(word));
  }
  // A method called on `this` is its own class's; on a service of the context (a routes file's
  // `hours.get`, a service's `this.deps.todos.create`), that service's. Other receivers (a Map's
  // `get`, a query builder's `where`) are no code of ours.
  const aliases = serviceAliases(source(file));
  for (const [, receiver, method] of text.matchAll(/\b(this|deps\.\w+|\w+)\??\.(\w+)\(/g)) {
    const service =
      receiver === 'this'
        ? ownClass
        : receiver!.startsWith('deps.')
          ? serviceClasses.get(receiver!.slice(5))
          : aliases.has(receiver!)
            ? serviceClasses.get(aliases.get(receiver!)!)
            : undefined;
    if (!service) continue;
    for (const target of scope) {
      for (const body of classesOf(target).get(service)?.get(method!) ?? [])
        follow(target, method!, body, service);
    }
  }
  return keys;
}

// ---- The server: each API route and the keys it can send ----

interface ServerRoute {
  method: string;
  /** As registered under /api: `/calender/events/:id`. */
  url: string;
  keys: Set<MessageKey>;
}

/**
 * A route's code less its response schemas, which describe answers and send no message, and less
 * its query's schema: a page builds its queries itself from fixed words (`?status=pending`), so a
 * query's message would be the page's mistake, not something a person typed.
 */
function withoutResponses(block: string): string {
  const start = block.search(/\bresponse:\s*\{/);
  if (start !== -1) {
    let depth = 0;
    for (let index = block.indexOf('{', start); index < block.length; index += 1) {
      if (block[index] === '{') depth += 1;
      else if (block[index] === '}' && (depth -= 1) === 0) {
        block = block.slice(0, start) + block.slice(index + 1);
        break;
      }
    }
  }
  return block.replace(/\bquerystring:\s*\w+,?/, '');
}

const registration = /\.(get|post|put|patch|delete)\(\s*'(\/[^']*)'/g;
const serverRoutes: ServerRoute[] = [];
const modulesDir = path.join(serverSrc, 'modules');
const serverFiles = filesUnder(serverSrc);
for (const module of fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())) {
  const moduleFiles = filesUnder(path.join(modulesDir, module.name));
  for (const file of moduleFiles) {
    const text = source(file);
    const sites = [...text.matchAll(registration)];
    sites.forEach((site, index) => {
      // A route's registration: its schemas (zod answers with their messages) and its handler.
      const block = withoutResponses(text.slice(site.index, sites[index + 1]?.index ?? text.length));
      // A read's services are not followed: it answers a missing or forbidden thing with the core's
      // messages, and what its code parses is stored data, not what a person typed.
      const scope = site[1] === 'get' ? [] : serverFiles;
      serverRoutes.push({
        method: site[1]!.toUpperCase(),
        url: site[2]!,
        keys: keysOfCode(block, file, scope),
      });
    });
  }
}

/**
 * Whether the web's address `called` (its fixed part; `open` when a variable part or a query
 * follows) can reach the server's route `url`.
 */
function reaches(called: string, open: boolean, url: string): boolean {
  const trim = (value: string) => (value.length > 1 ? value.replace(/\/$/, '') : value);
  if (open) return url.startsWith(called) || trim(url) === trim(called);
  const pattern = new RegExp(
    `^${trim(url)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:\w+/g, '[^/]+')}$`,
  );
  return pattern.test(trim(called));
}

// ---- The web: each page, the API addresses it calls and the namespaces it loads ----

const callsApi = (text: string) =>
  /\bapi\.(?:get|post|put|patch|delete)\b|\brequest(?:<[^(]*>)?\(\s*'(?:GET|POST|PUT|PATCH|DELETE)'/.test(
    text,
  );

/**
 * The API addresses a page can call: those of the declarations its files use. A file of several
 * queries and changes (shared/queries/account.ts) calls only what is imported from it, and what
 * that uses in turn (a path helper); the page's own module, all it declares.
 */
function addressesOfPage(entries: string[]): Address[] {
  const files = new Set(entries.flatMap((entry) => [...closure(entry, webSrc)]));
  const used = new Map<string, Set<string> | 'all'>(entries.map((entry) => [entry, 'all']));
  const use = (file: string, names: string[] | 'all') => {
    const known = used.get(file);
    if (known === 'all') return;
    if (names === 'all') used.set(file, 'all');
    else used.set(file, new Set([...(known ?? []), ...names]));
  };
  const statements =
    /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*'(\.[^']*)'|import\('(\.[^']+)'\)/g;
  for (const file of files) {
    for (const [, typeOnly, names = '', from, dynamic] of source(file).matchAll(statements)) {
      const target = resolve(file, from ?? dynamic!);
      if (typeOnly || !target) continue;
      const list = /\{([^}]*)\}/.exec(names)?.[1];
      if (dynamic || list === undefined) use(target, 'all');
      else
        use(
          target,
          list
            .split(',')
            .map((part) => part.trim())
            .filter((name) => name && !name.startsWith('type '))
            .map((name) => name.split(/\s+as\s+/)[0]!),
        );
    }
  }
  return [...files].flatMap((file) => {
    const declarations = declarationsOf(file);
    const names = used.get(file);
    const chosen = new Set(names === 'all' ? declarations.keys() : (names ?? []));
    // What a chosen declaration uses of its own module (a path helper, a query key) is chosen too.
    for (let grew = true; grew;) {
      grew = false;
      for (const name of chosen) {
        for (const [other] of declarations) {
          if (!chosen.has(other) && new RegExp(`\\b${other}\\b`).test(declarations.get(name) ?? '')) {
            chosen.add(other);
            grew = true;
          }
        }
      }
    }
    const text =
      names === 'all' ? source(file) : [...chosen].map((name) => declarations.get(name) ?? '').join('\n');
    return callsApi(text) ? addressesIn(text) : [];
  });
}

interface Address {
  /** Its fixed part: `/calender/import`, `/tags/` of `` `/tags/${id}` ``. */
  called: string;
  /** A variable part or a query follows. */
  open: boolean;
  /** The method of the call that names it, or `*` when a helper builds it (`eventPath(id)`). */
  method: string;
}

/** The API addresses named by a request module, with the method of the call that names each. */
function addressesIn(text: string): Address[] {
  const methods = new Map<number, string>();
  const call =
    /\bapi\.(get|post|put|patch|delete)(?:<[^(]*>)?\(\s*|\brequest(?:<[^(]*>)?\(\s*'(GET|POST|PUT|PATCH|DELETE)',\s*/g;
  for (const match of text.matchAll(call)) {
    methods.set(match.index + match[0].length, (match[1] ?? match[2]!).toUpperCase());
  }
  return [...text.matchAll(/['`](\/[a-z][a-z0-9-]*(?:\/[a-z0-9-]*)*)(['`?]|\$\{)/g)]
    .map((match) => ({
      called: match[1]!,
      open: match[2] !== "'" && match[2] !== '`',
      method: methods.get(match.index) ?? '*',
    }))
    .filter(({ called }) => called !== '/api');
}

/** A route's page module, as its feature's lazy-pages.ts names it for the build (or the shell's). */
function pageFile(feature: string, page: string, shell: boolean): string {
  if (shell) return resolve(path.join(webSrc, 'app', 'router.tsx'), `../features/${feature}/pages/${page}`)!;
  const lazyPages = path.join(webSrc, 'features', feature, 'lazy-pages.ts');
  const { program } = parseSync(lazyPages, source(lazyPages), { lang: 'ts' });
  const specifier = pageImports(program as never).get(page);
  const file = specifier && resolve(lazyPages, specifier);
  if (!file) throw new Error(`features/${feature}/lazy-pages.ts has no page ${page}`);
  return file;
}

const appLayout = path.join(webSrc, 'layouts', 'app-layout.tsx');

/** The English texts of the messages loaded with these namespaces (the core areas always). */
function loadedTexts(namespaces: readonly string[]): Set<string> {
  const loaded = new Set([...coreAreas, ...namespaces]);
  return new Set(messageKeys.filter((key) => loaded.has(areaOf(key))).map((key) => messages[key]));
}

const staticUrls = new Set(serverRoutes.map((route) => route.url).filter((url) => !url.includes(':')));

const pages = routeTable.map((route) => {
  const page = pageFile(route.feature, route.page, route.shell === true);
  const addresses = addressesOfPage(route.layout === 'app' ? [page, appLayout] : [page]);
  const keys = new Set<MessageKey>();
  for (const serverRoute of serverRoutes) {
    const calls = ({ called, open, method }: Address) =>
      (method === '*' || method === serverRoute.method) &&
      reaches(called, open, serverRoute.url) &&
      // A fixed address that is a route of its own (`/todos/summary`) is not `/todos/:id`.
      (open || serverRoute.url === called || !staticUrls.has(called));
    if (addresses.some(calls)) serverRoute.keys.forEach((key) => keys.add(key));
  }
  const namespaces = [...(route.namespaces ?? []), ...(route.layout === 'app' ? layoutNamespaces : [])];
  return { path: route.path, addresses, keys, namespaces };
});

describe('the API’s messages', () => {
  it.each(languages)('each has its text in %s, where its page loads it', (language) => {
    const missing = messageKeys.filter((key) => {
      const text = textOf(language, key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('each is in English as the contract says (the client finds a key by its English text)', () => {
    expect(messageKeys.filter((key) => textOf('en', key) !== messages[key])).toEqual([]);
  });

  it.each(languages.filter((language) => language !== 'en'))('each is translated in %s', (language) => {
    // A text the same in both languages is no translation, but for a short one that is (“OK”).
    const same = messageKeys.filter(
      (key) => textOf(language, key) === messages[key] && messages[key].length > 12,
    );
    expect(same).toEqual([]);
  });

  it('each area outside the core has a namespace that loads it, but CalDAV’s, which no page receives', () => {
    const lazy = new Set<string>(lazyNamespaces);
    const areas = [...new Set(messageKeys.map(areaOf))];
    expect(areas.filter((area) => !coreAreas.has(area) && !lazy.has(area))).toEqual(calendarAppsOnly);
    // CalDAV's messages answer calendar apps (/dav), in English as the protocol's error bodies: no
    // page calls a route that sends them. Should one, it would need their namespace.
    const shown = pages.filter((page) =>
      [...page.keys].some((key) => calendarAppsOnly.includes(areaOf(key))),
    );
    expect(shown.map((page) => page.path)).toEqual([]);
  });

  it('finds the routes that send messages and the pages that call them', () => {
    expect(serverRoutes.find((route) => route.url === '/calender/import')?.keys).toContain(
      'calendar.skip.badDate',
    );
    expect(
      serverRoutes.find((route) => route.method === 'POST' && route.url === '/account/app-passwords')?.keys,
    ).toContain('appPasswords.limit');
    const settings = pages.find((page) => page.path === '/pages/account-setting');
    expect(settings?.addresses.map((address) => address.called)).toContain('/calender/import');
    expect(settings?.keys).toContain('calendar.skip.badDate');
  });

  it('each page loads every message the routes it calls can send', () => {
    const missing = pages.flatMap((page) => {
      const loaded = loadedTexts(page.namespaces);
      return [...page.keys]
        .filter((key) => !loaded.has(messages[key]))
        .map((key) => `${page.path}: ${key} (namespace ${areaOf(key)})`);
    });
    expect(missing).toEqual([]);
  });
});
