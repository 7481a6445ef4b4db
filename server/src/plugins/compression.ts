/**
 * Compression of what the server sends. JSON answers over 1 KB are compressed on the fly (brotli
 * when the client accepts it, else gzip) by @fastify/compress; answers that already carry a
 * `Content-Encoding` — the precompressed web assets and the board bytes compressed once per
 * version — pass through untouched. An answer under the threshold passes without work: its size
 * is the first thing looked at, before the content type and the Accept-Encoding header are parsed.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

/** A body sent as it is whatever the client accepts: none, or bytes under the threshold. */
export function belowThreshold(payload: unknown): boolean {
  if (payload === null || payload === undefined) return true;
  if (typeof payload === 'string') {
    // A character is at least one byte in UTF-8: only a short string needs counting.
    return payload.length < COMPRESS_THRESHOLD_BYTES && Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES;
  }
  return Buffer.isBuffer(payload) && payload.length < COMPRESS_THRESHOLD_BYTES;
}

type OnSend = onSendHookHandler;

/**
 * @fastify/compress looks at the content type (a MIME database lookup) and negotiates the
 * Accept-Encoding header before it looks at the size; a small answer — most of the API's — paid
 * for both and was then sent as it was. The hooks it adds to each route are found (those present
 * after its `onRoute` and not before) and wrapped so that a body under the threshold skips them.
 */
function skippingSmallBodies(app: FastifyInstance, register: () => Promise<void>): Promise<void> {
  const before = new WeakMap<RouteOptions, Set<OnSend>>();
  const hooks = (route: RouteOptions): OnSend[] => [route.onSend ?? []].flat();
  app.addHook('onRoute', (route) => {
    before.set(route, new Set(hooks(route)));
  });
  return register().then(() => {
    app.addHook('onRoute', (route) => {
      const had = before.get(route);
      if (!had) return;
      route.onSend = hooks(route).map((hook) => {
        if (had.has(hook)) return hook;
        const wrapped: OnSend = function (this: FastifyInstance, request, reply, payload, done) {
          if (belowThreshold(payload)) {
            done(null, payload);
            return;
          }
          return (hook as (...args: unknown[]) => void).call(this, request, reply, payload, done);
        };
        return wrapped;
      });
    });
  });
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await skippingSmallBodies(app, () => registerCompressPlugin(app));
}

async function registerCompressPlugin(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4: about 1 ms for a 250 KB board, within 65% of quality 11's size (measured; decisions.md).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/** The encoding to answer `request` in, among those we keep ready: brotli first, then gzip. */
export function preferredEncoding(request: FastifyRequest): Encoding {
  const header = request.headers['accept-encoding'];
  if (!header) return 'identity';
  const chosen = negotiate(header, ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

/**
 * Compresses bytes that will be sent many times (a board's JSON at one version): brotli at quality
 * 5 and gzip at level 6 take about 1 ms each for a 250 KB board.
 */
export function compressOnce(bytes: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  return gzipSync(bytes, { level: 6 });
}
