/**
 * Serves the built SPA: files of web/dist as they are (hashed assets cached for a year), their
 * brotli or gzip twins built beside them when the browser accepts one, and index.html for every
 * other non-API GET (history routing) — naming, for an address of the app's routes, the chunks its
 * page loads (route-documents.ts). Anything else unknown answers 404 in the D10 shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import { preferredEncoding } from './compression';
import { preferredLanguage, RouteDocuments, type RoutePreloads } from './route-documents';

/** Written by web/route-preloads.ts beside index.html. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

function routeDocuments(webDir: string): RouteDocuments | undefined {
  const file = path.join(webDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return undefined;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloads;
  return new RouteDocuments(fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'), preloads);
}

export async function serveWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasWebApp = fs.existsSync(path.join(webDir, 'index.html'));
  const documents = hasWebApp ? routeDocuments(webDir) : undefined;
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // web/vite.config.ts writes file.br and file.gz beside each compressible file.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address answers brotli, gzip or plain bytes, by the request's Accept-Encoding.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ webDir }, 'the web app is not built: only the API is served (run npm run build)');
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi || !hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound();
    }
    reply.header('cache-control', 'no-cache');
    const encoding = preferredEncoding(request);
    const document = documents?.document(
      url,
      preferredLanguage(request.headers['accept-language']),
      encoding,
    );
    if (!document) return reply.sendFile('index.html', { cacheControl: false });
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    reply.header('vary', 'Accept-Encoding, Accept-Language').type('text/html; charset=utf-8');
    // A HEAD answer's headers are a GET's, without its body.
    if (request.method === 'HEAD') return reply.header('content-length', document.length).send();
    return reply.send(document);
  });
}
