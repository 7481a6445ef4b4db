/**
 * Errors the handlers throw, and the factories that make them. The error handler turns each into
 * the D10 body; anything that is not an AppError becomes an opaque 500.
 */
import { messages, type MessageKey } from '@cadence/contract';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const text = (key: MessageKey) => messages[key];

export const badRequest = (code: string, key: MessageKey, fields?: Record<string, string>) =>
  new AppError(400, code, text(key), fields);

export const unauthorized = (code = 'UNAUTHORIZED', key: MessageKey = 'auth.required') =>
  new AppError(401, code, text(key));

export const forbidden = (code = 'FORBIDDEN', key: MessageKey = 'request.forbidden') =>
  new AppError(403, code, text(key));

export const notFound = () => new AppError(404, 'NOT_FOUND', text('request.notFound'));

export const conflict = (code: string, key: MessageKey, fields?: Record<string, string>) =>
  new AppError(409, code, text(key), fields);

/** What the request names existed but is over (an expired link). */
export const gone = (code: string, key: MessageKey) => new AppError(410, code, text(key));

export const tooManyRequests = (code = 'RATE_LIMITED', key: MessageKey = 'request.rateLimited') =>
  new AppError(429, code, text(key));
