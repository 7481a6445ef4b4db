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

export const userData = z
  .object({
    _id: userId,
    username: z.string(),
    fullName: z.string(),
    email: z.string(),
    role,
    ability: z.array(abilityRule),
    avatar: z.string().nullable(),
  })
  .meta({ id: 'UserData' });
export type UserData = z.infer<typeof userData>;
