/**
 * Security headers (helmet's: Content-Security-Policy, Strict-Transport-Security, X-Frame-Options…)
 * on every answer. They depend on nothing in the request, so helmet runs once, at start-up, into a
 * plain object, and each request only copies that object onto its reply: @fastify/helmet built
 * helmet's whole middleware again for every request (its CSP parsed and serialised each time, a
 * tenth of a signed-in read's CPU in a profile).
 *
 * The API's answers (JSON, images, the live stream: under /api/, but for the docs' pages) are no
 * documents: they carry the headers that still mean something on them (OWASP's REST cheat sheet:
 * a CSP that lets nothing load or frame them, nosniff, HSTS, no referrer, same-origin reads only)
 * and not those that only a document uses (its CSP of sources, COOP, Origin-Agent-Cluster, DNS
 * prefetch, IE's download and XSS switches, Flash's policy files). Twelve headers, 786 bytes, that
 * node:http validated and stored on every answer (about 8 µs of the 45 µs a health answer cost
 * beyond a bare route's); six of 261 bytes remain. A path taken for the API's by mistake
 * only gets the stricter policy.
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

/** What an API answer carries: nothing may load from it, frame it or read it from elsewhere. */
export const API_SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The paths whose answers are the API's, not documents: /api/…, but for the docs' pages. */
const isApiPath = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

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
  const documents = Object.entries(securityHeaders());
  const api = Object.entries(securityHeaders(API_SECURITY_HEADER_OPTIONS));
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of isApiPath(request.url) ? api : documents) raw.setHeader(name, value);
    done();
  });
}
