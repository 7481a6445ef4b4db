/**
 * The index.html of each address names its page's chunks: routes matched as React Router matches
 * them, the strings in the visitor's language, compressed once and kept.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredLanguage, RouteDocuments, type RoutePreloads } from './route-documents';

const index = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const strings = (area: string) =>
  Object.fromEntries(
    ['en', 'fr', 'de', 'pt'].map((language) => [language, [`/assets/strings-${language}-${area}.js`]]),
  );

const preloads: RoutePreloads = {
  routes: [
    { path: '/login', scripts: [], styles: [], strings: {} },
    { path: '/apps/meetings', scripts: ['/assets/meetings.js'], styles: [], strings: strings('meetings') },
    {
      path: '/apps/meetings/add-meeting',
      scripts: ['/assets/add.js'],
      styles: [],
      strings: strings('meetings'),
    },
    {
      path: '/apps/meetings/:id',
      scripts: ['/assets/settings.js'],
      styles: [],
      strings: strings('meetings'),
    },
    {
      path: '/apps/project/:id',
      scripts: ['/assets/board.js', '/assets/mantine-app.js'],
      styles: ['/assets/board.css'],
      strings: strings('projects'),
    },
    {
      path: '/pages/knowledge-base/:category/:slug',
      scripts: ['/assets/article.js'],
      styles: [],
      strings: {},
    },
  ],
};

const documents = new RouteDocuments(index, preloads);
const text = (bytes: Buffer | undefined) => bytes?.toString() ?? '';

describe('matching an address', () => {
  it.each([
    ['/apps/meetings', '/apps/meetings'],
    ['/apps/meetings/', '/apps/meetings'],
    ['/Apps/Meetings', '/apps/meetings'],
    // A static segment outranks a parameter, whatever the order of the table.
    ['/apps/meetings/add-meeting', '/apps/meetings/add-meeting'],
    ['/apps/meetings/12', '/apps/meetings/:id'],
    ['/apps/project/7', '/apps/project/:id'],
    ['/pages/knowledge-base/start/first-steps', '/pages/knowledge-base/:category/:slug'],
  ])('%s shows %s', (address, path) => {
    const found = documents.match(address);
    expect(found === undefined ? undefined : preloads.routes[found]!.path).toBe(path);
  });

  it.each(['/', '/some/deep/link', '/apps/project', '/apps/project/7/extra', '/pages/knowledge-base/start'])(
    '%s matches no route',
    (address) => {
      expect(documents.match(address)).toBeUndefined();
    },
  );
});

describe('the document', () => {
  it('links the page’s scripts, its strings in the language and its style sheets, before </head>', () => {
    const html = text(documents.document('/apps/project/7', 'fr', 'identity'));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    for (const script of ['/assets/board.js', '/assets/mantine-app.js', '/assets/strings-fr-projects.js']) {
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="${script}">`);
    }
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/board.css">');
    expect(html).not.toContain('strings-en-');
    expect(html.slice(html.indexOf('</head>'))).toBe(
      '</head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
  });

  it('compresses the same document once for each encoding', () => {
    const plain = text(documents.document('/apps/meetings/3', 'de', 'identity'));
    expect(plain).toContain('/assets/settings.js');
    expect(plain).toContain('/assets/strings-de-meetings.js');
    const br = documents.document('/apps/meetings/3', 'de', 'br')!;
    const gzip = documents.document('/apps/meetings/3', 'de', 'gzip')!;
    expect(brotliDecompressSync(br).toString()).toBe(plain);
    expect(gunzipSync(gzip).toString()).toBe(plain);
    expect(documents.document('/apps/meetings/4', 'de', 'br')).toBe(br);
  });

  it('has nothing to add at an address without a route, or a route that loads nothing more', () => {
    expect(documents.document('/some/deep/link', 'en', 'br')).toBeUndefined();
    expect(documents.document('/login', 'en', 'identity')).toBeUndefined();
  });

  it('names the scripts alone for a route without strings', () => {
    const html = text(documents.document('/pages/knowledge-base/a/b', 'pt', 'identity'));
    expect(html.match(/<link /g)).toHaveLength(1);
    expect(html).toContain('/assets/article.js');
  });
});

describe('the visitor’s language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['de', 'de'],
    ['pt-BR', 'pt'],
    ['es-ES,es;q=0.9,pt;q=0.5,de;q=0.7', 'de'],
    ['ja, zh-CN', 'en'],
    ['fr;q=0, de;q=0.1', 'de'],
    ['*', 'en'],
  ])('Accept-Language %j → %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });
});
