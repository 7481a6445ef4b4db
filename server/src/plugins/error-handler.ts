/**
 * The one error handler (D10): every error answer is `{statusCode, error, code, message, fields?}`.
 * Validation errors name their fields; 5xx answers never carry internal text.
 */
import { STATUS_CODES } from 'node:http';
import { type ErrorBody, messages } from '@cadence/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost } from '../db/dialect';
import { AppError } from '../errors';

/** Fastify's own 4xx errors, given stable codes and our own words. */
const fastifyErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: messages['request.invalidJson'] },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'EMPTY_BODY', message: messages['request.emptyBody'] },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: messages['request.tooLarge'] },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: messages['request.unsupportedMediaType'],
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: messages['request.bad'] },
};

export function errorBody(
  statusCode: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (issue.params as { keys?: unknown }).keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys)
        fields[path ? `${path}.${String(key)}` : String(key)] = messages['validation.unknownField'];
      continue;
    }
    const field = path || '_';
    fields[field] ??= issue.message ?? messages['validation.invalid'];
  }
  return fields;
}

export function shapeError(error: FastifyError | AppError | Error): ErrorBody {
  if (error instanceof AppError) {
    return errorBody(error.statusCode, error.code, error.message, error.fields);
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const fields = validationFields(fastifyError);
    const message = Object.values(fields)[0] ?? messages['validation.invalid'];
    return errorBody(400, 'VALIDATION_ERROR', message, fields);
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = fastifyError.code ? fastifyErrors[fastifyError.code] : undefined;
    if (known) return errorBody(status, known.code, known.message);
    if (status === 404) return errorBody(404, 'NOT_FOUND', messages['request.notFound']);
    if (status === 429) return errorBody(429, 'RATE_LIMITED', messages['request.rateLimited']);
    if (status === 413) return errorBody(413, 'PAYLOAD_TOO_LARGE', messages['request.tooLarge']);
    if (status === 415) {
      return errorBody(415, 'UNSUPPORTED_MEDIA_TYPE', messages['request.unsupportedMediaType']);
    }
    return errorBody(status, 'BAD_REQUEST', messages['request.bad']);
  }
  if (status === 503 || isConnectionLost(error))
    return errorBody(503, 'UNAVAILABLE', messages['server.unavailable']);
  return errorBody(500, 'INTERNAL_ERROR', messages['server.error']);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const body = shapeError(error);
    if (body.statusCode === 503) {
      void reply.header('retry-after', '1');
      request.log.warn({ err: error }, 'request failed: the database connection was lost');
    } else if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, statusCode: body.statusCode }, 'request refused');
    void reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
}
