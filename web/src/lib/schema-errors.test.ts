import {
  createObjectiveInput,
  createTaskInput,
  messages,
  registerInput,
  updateAccountInput,
} from '@cadence/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaErrors } from './schema-errors';

/** A stand-in for i18next: the first known key of those given comes back marked; else the default, as i18next does. */
const known = new Set([
  'api.validation.usernameLength',
  'api.validation.emailInvalid',
  'api.todos.titleRequired',
  'auth.reset.mismatch',
]);
const t = ((keys: string | string[], options?: { defaultValue?: string }) => {
  const found = [keys].flat().find((key) => known.has(key));
  return found ? `«${found}»` : (options?.defaultValue ?? [keys].flat().at(-1));
}) as unknown as TFunction;

/** The English API strings as the app holds them once the to-dos' are loaded, and not the goals'. */
beforeAll(async () => {
  const area = (name: string) =>
    Object.fromEntries(
      Object.entries(messages)
        .filter(([key]) => key.startsWith(`${name}.`))
        .map(([key, text]) => [key.slice(name.length + 1), text]),
    );
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: { api: { validation: area('validation'), todos: area('todos') } } } },
  });
});

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

  it('finds a text that two features share under the key whose translations are loaded', () => {
    // "Please enter a title." is goals' and to-dos'; only the to-dos' strings are loaded here.
    expect(schemaErrors(t, createTaskInput, { title: '' })).toEqual({ title: '«api.todos.titleRequired»' });
    // The goal form's title shares the text, and so the translation.
    expect(schemaErrors(t, createObjectiveInput, { title: '' }).title).toBe('«api.todos.titleRequired»');
    // With none of its keys loaded, the English text shows.
    expect(schemaErrors(t, createTaskInput, { title: 'x'.repeat(201) }).title).toBe(
      'The title must have at most 200 characters.',
    );
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
