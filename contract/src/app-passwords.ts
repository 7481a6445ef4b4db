/**
 * App passwords (D43): what a phone or a desktop calendar signs in to CalDAV with, over HTTP
 * Basic, instead of the account's password. Named by the user, shown once, revocable.
 */
import { z } from 'zod';
import { appPasswordsMessages } from './app-passwords-messages';
import { userId } from './users';

/** At most this many per account. */
export const APP_PASSWORDS_MAX = 20;

export const createAppPasswordInput = z
  .strictObject({
    name: z
      .string({ error: appPasswordsMessages['appPasswords.nameLength'] })
      .trim()
      .min(1, appPasswordsMessages['appPasswords.nameLength'])
      .max(60, appPasswordsMessages['appPasswords.nameLength']),
  })
  .meta({ id: 'CreateAppPasswordInput' });
export type CreateAppPasswordInput = z.infer<typeof createAppPasswordInput>;

export const appPassword = z
  .object({
    _id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable().describe('When a client last signed in with it; null: never'),
  })
  .meta({ id: 'AppPassword' });
export type AppPassword = z.infer<typeof appPassword>;

export const appPasswordCreated = appPassword
  .extend({
    password: z.string().describe('The secret: shown this once, stored only as its hash'),
    username: z.string().describe('The user name to give with it'),
    server: z.string().describe('The address to give a CalDAV client'),
  })
  .meta({ id: 'AppPasswordCreated' });
export type AppPasswordCreated = z.infer<typeof appPasswordCreated>;

/** A row id, as every path's (within PostgreSQL's integer). */
export const appPasswordParams = z.object({ id: userId });
