/** Users as the client sees them: roles, abilities (D5, D6) and the stored user record (D9). */
import { z } from 'zod';
import { roles } from './abilities';

export const role = z.enum(roles);

export const abilityRule = z.object({
  action: z.string(),
  subject: z.string(),
});

/** Ids are positive 32-bit integers (PostgreSQL `integer`), written as strings. */
export const userId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .refine((value) => Number(value) <= 2_147_483_647);

/** The interface languages; the account's language is also the language of its e-mails. */
export const languagesList = ['en', 'fr', 'de', 'pt'] as const;
export type Language = (typeof languagesList)[number];

export const userData = z
  .object({
    _id: userId,
    username: z.string(),
    fullName: z.string(),
    email: z.string(),
    role,
    ability: z.array(abilityRule),
    avatar: z.string().nullable(),
    /** The account's language: the interface takes it at sign-in (one setting, with the navbar's). */
    language: z.enum(languagesList),
    /**
     * The account's IANA time zone (D15): every date is shown in it; the signed-in layout offers
     * the device's when they differ (D46).
     */
    timeZone: z.string(),
  })
  .meta({ id: 'UserData' });
export type UserData = z.infer<typeof userData>;
