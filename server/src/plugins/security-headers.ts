/**
 * Security headers (helmet's: Content-Security-Policy, Strict-Transport-Security, X-Frame-Options…)
 * on every answer. They depend on nothing in the request, so helmet runs once, at start-up, into a
 * plain object, and each request only copies that object onto its reply: @fastify/helmet built
 * helmet's whole middleware again for every request (its CSP parsed and serialised each time, a
 * tenth of a signed-in read's CPU in the profile of issue 31).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      // The API docs page styles itself inline.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      // Self-hosted instances are often served over plain HTTP on a LAN.
      'upgrade-insecure-requests': null,
    },
  },
};

/** The headers helmet sets with `options`, by name (lower case), computed once. */
export function securityHeaders(
  options: Readonly<HelmetOptions> = SECURITY_HEADER_OPTIONS,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet 8 throws a bad option at once; it calls `next` with nothing.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}

/**
 * Sets the headers in `onRequest`, on the raw response, as @fastify/helmet did: an answer written
 * past Fastify (the live stream's `writeHead`) and an error answer carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const entries = Object.entries(securityHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of entries) raw.setHeader(name, value);
    done();
  });
}
