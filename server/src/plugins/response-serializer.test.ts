/**
 * The response serializer (response-serializer.ts): one pass by schema that writes only declared
 * fields; under RESPONSE_VALIDATION, zod's check too, failing an answer that breaks the contract.
 * Every response schema of the contract compiles to the fast writer (none falls back to zod).
 */
import * as contract from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastWriter, responseSerializer } from './response-serializer';

const shape = z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() });
const compile = (validate: boolean) =>
  responseSerializer(validate)({ schema: shape, method: 'GET', url: '/api/thing', httpStatus: '200' });

describe('the response serializer', () => {
  it('writes the declared fields only, in one pass, without checking in production', () => {
    const write = compile(false);
    const text = write({ _id: '1', name: 'Ada', avatar: null, password_hash: 'secret' });
    expect(JSON.parse(text)).toEqual({ _id: '1', name: 'Ada', avatar: null });
    expect(text).not.toContain('secret');
  });

  it('under validation, refuses an answer that breaks the contract, and writes what zod writes', () => {
    const write = compile(true);
    expect(() => write({ _id: 1, name: 'Ada', avatar: null })).toThrow();
    expect(write({ _id: '1', name: 'Ada', avatar: 'a.png', extra: true })).toBe(
      JSON.stringify({ _id: '1', name: 'Ada', avatar: 'a.png' }),
    );
  });

  it('compiles every schema of the contract, each once', () => {
    const schemas = (Object.values(contract) as unknown[]).filter(
      (value): value is z.ZodType => value instanceof z.ZodType,
    );
    expect(schemas.length).toBeGreaterThan(100);
    const missing = schemas.filter((schema) => !fastWriter(schema));
    expect(missing).toEqual([]);
    expect(fastWriter(contract.errorBody)).toBe(fastWriter(contract.errorBody));
  });
});
