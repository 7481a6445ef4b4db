import { registerInput, updateAccountInput } from '@cadence/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaErrors } from './schema-errors';

/** A stand-in for i18next: known keys come back marked, unknown ones fall back as i18next does. */
const known = new Set([
  'api.validation.usernameLength',
  'api.validation.emailInvalid',
  'auth.reset.mismatch',
]);
const t = ((key: string, options?: { defaultValue?: string }) =>
  known.has(key) ? `«${key}»` : (options?.defaultValue ?? key)) as unknown as TFunction;

describe('schemaErrors', () => {
  it('finds nothing wrong with valid values', () => {
    const values = { username: 'ada', email: 'ada@example.com', password: 'a long password', fullName: '' };
    expect(schemaErrors(t, registerInput, values)).toEqual({});
  });

  it('names each wrong field with its first message, translated by the API key of its text', () => {
    const values = { username: 'a', email: 'not an address', password: 'a long password', fullName: '' };
    expect(schemaErrors(t, registerInput, values)).toEqual({
      username: '«api.validation.usernameLength»',
      email: '«api.validation.emailInvalid»',
    });
  });

  it('names a nested field by its dotted path, as the server does', () => {
    const errors = schemaErrors(t, updateAccountInput, { info: { website: 'nowhere' } });
    expect(Object.keys(errors)).toEqual(['info.website']);
  });

  it("translates a form's own refinement by the app key it names, and keeps a plain text as it is", () => {
    const schema = z
      .object({ password: z.string(), confirm: z.string().min(1, 'Say it twice.') })
      .refine((v) => v.password === v.confirm, { path: ['password'], message: 'auth.reset.mismatch' });
    expect(schemaErrors(t, schema, { password: '', confirm: '' })).toEqual({ confirm: 'Say it twice.' });
    expect(schemaErrors(t, schema, { password: 'one', confirm: 'two' })).toEqual({
      password: '«auth.reset.mismatch»',
    });
  });
});
