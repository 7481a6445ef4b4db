/**
 * Malformed JSON, wrong types, missing and unknown fields, an oversized body and a wrong content
 * type, on every route that takes a body: each answers 400, 413 or 415 in the D10 shape, never a
 * 500, and changes nothing in the database.
 */
import { type ErrorBody, errorBody } from '@cadence/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import { buildUser, call } from '../test/factories';
import { newAccount, snapshot, useTestApp } from '../test/harness';

const t = useTestApp();
let refreshToken: string;
beforeAll(async () => {
  refreshToken = (await buildUser(t)).refreshToken;
});

const bodies: Record<string, Record<string, unknown>> = {
  '/api/jwt/login': { email: 'someone@example.com', password: 'a password' },
  '/api/jwt/register': newAccount(),
  '/api/jwt/refresh-token': { refreshToken: 'placeholder' },
  '/api/jwt/logout': { refreshToken: 'placeholder' },
  '/api/jwt/forgot-password': { email: 'someone@example.com' },
  '/api/jwt/reset-password': { token: 'a-token', password: 'a new password' },
};

type Case = [string, (valid: Record<string, unknown>) => { payload: string; type?: string }, number, string];

const cases: Case[] = [
  ['malformed JSON', () => ({ payload: '{"email": "a@b.c",' }), 400, 'INVALID_JSON'],
  ['an empty body', () => ({ payload: '' }), 400, 'EMPTY_BODY'],
  ['a JSON array', () => ({ payload: '[]' }), 400, 'VALIDATION_ERROR'],
  ['a JSON string', () => ({ payload: '"text"' }), 400, 'VALIDATION_ERROR'],
  ['null', () => ({ payload: 'null' }), 400, 'VALIDATION_ERROR'],
  [
    'wrong types',
    (valid) => ({
      payload: JSON.stringify(Object.fromEntries(Object.keys(valid).map((k) => [k, { nested: [1] }]))),
    }),
    400,
    'VALIDATION_ERROR',
  ],
  ['missing fields', () => ({ payload: '{}' }), 400, 'VALIDATION_ERROR'],
  [
    'an unknown field',
    (valid) => ({ payload: JSON.stringify({ ...valid, isAdmin: true }) }),
    400,
    'VALIDATION_ERROR',
  ],
  [
    'a prototype-polluting key',
    (valid) => ({ payload: `{"__proto__": {"role": "admin"}, ${JSON.stringify(valid).slice(1)}` }),
    400,
    'INVALID_JSON',
  ],
  [
    'an oversized body',
    (valid) => ({ payload: JSON.stringify({ ...valid, padding: 'x'.repeat(BODY_LIMIT_BYTES) }) }),
    413,
    'PAYLOAD_TOO_LARGE',
  ],
  [
    'a form instead of JSON',
    () => ({ payload: 'email=a%40b.c', type: 'application/x-www-form-urlencoded' }),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
  ],
];

describe.each(Object.keys(bodies))('POST %s', (url) => {
  it.each(cases)('refuses %s', async (_name, make, status, code) => {
    const valid = url.includes('token') ? { ...bodies[url], refreshToken } : bodies[url]!;
    const { payload, type = 'application/json' } = make(valid);
    const before = await snapshot(t.database);
    const response = await call(t, 'POST', url, undefined, payload, { 'content-type': type });
    expect(response.statusCode).toBe(status);
    const body = errorBody.parse(response.json<ErrorBody>());
    expect(body.code).toBe(code);
    expect(body.statusCode).toBe(status);
    expect(await snapshot(t.database)).toEqual(before);
  });
});

describe('validation errors', () => {
  it('name an unknown field', async () => {
    const response = await call(t, 'POST', '/api/jwt/login', undefined, {
      email: 'a@example.com',
      password: 'whatever',
      role: 'admin',
    });
    expect(response.json<ErrorBody>().fields).toEqual({ role: 'This field is not allowed.' });
  });
});
