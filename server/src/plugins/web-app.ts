/**
 * Serves the built SPA: files of web/dist as they are (hashed assets cached for a year), their
 * brotli or gzip twins built beside them when the browser accepts one, and index.html for every
 * other non-API GET (history routing). Anything else unknown answers 404 in the D10 shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';

export async function serveWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasWebApp = fs.existsSync(path.join(webDir, 'index.html'));
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
