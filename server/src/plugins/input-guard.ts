/**
 * Refuses text with a NUL character anywhere in a request (body, query, path) before validation:
 * PostgreSQL cannot store it in a text column, and no field of ours has a use for it. Without this,
 * the same input would be stored on SQLite and fail with a 500 on PostgreSQL.
 */
import { messages } from '@cadence/contract';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { badRequest } from '../errors';

/** The dotted path of the first string holding a NUL, if any. */
function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : undefined;
  // A raw body (the payment webhook's bytes, D36) is no text field; walked byte by byte, 1 MB cost 0.4 s.
  if (Buffer.isBuffer(value)) return undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = nulPath(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * On each route that can carry text: any with a body, path parameters or a query of its schema, and
 * any without a schema. A GET of a fixed path whose schema reads no query (health, the signed-in
 * user, lists without filters) has nothing to look at, and skips the hook.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const guard: preValidationHookHandler = (request, _reply, done) => {
    const field = nulPath(request.body, '') ?? nulPath(request.query, '') ?? nulPath(request.params, '');
    if (!field) return done();
    done(
      badRequest('VALIDATION_ERROR', 'validation.nulCharacter', {
        [field]: messages['validation.nulCharacter'],
      }),
    );
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const readsNothing =
      route.schema !== undefined &&
      route.schema.querystring === undefined &&
      route.schema.params === undefined &&
      !/[:*]/.test(route.url) &&
      methods.every((method) => method === 'GET' || method === 'HEAD');
    if (readsNothing) return;
    route.preValidation = [guard, ...[route.preValidation ?? []].flat()];
  });
}
