/**
 * Refuses text with a NUL character anywhere in a request (body, query, path) before validation:
 * PostgreSQL cannot store it in a text column, and no field of ours has a use for it. Without this,
 * the same input would be stored on SQLite and fail with a 500 on PostgreSQL.
 */
import { messages } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
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

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = nulPath(request.body, '') ?? nulPath(request.query, '') ?? nulPath(request.params, '');
    if (!field) return done();
    done(
      badRequest('VALIDATION_ERROR', 'validation.nulCharacter', {
        [field]: messages['validation.nulCharacter'],
      }),
    );
  });
}
