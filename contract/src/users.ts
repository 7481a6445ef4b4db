/** Users as the client sees them: roles, abilities (D5, D6) and the stored user record (D9). */
import { z } from 'zod';

export const roles = ['admin', 'client'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const abilityRule = z.object({
  action: z.string(),
  subject: z.string(),
});
export type AbilityRule = z.infer<typeof abilityRule>;

/** The abilities each role grants. They choose screens; they never open another user's data. */
export const abilitiesByRole: Record<Role, AbilityRule[]> = {
  admin: [{ action: 'manage', subject: 'all' }],
  client: [
    { action: 'read', subject: 'ACL' },
    { action: 'read', subject: 'Auth' },
  ],
};

/** What an anonymous visitor may do (spec part 6). */
export const defaultAbility: AbilityRule[] = [{ action: 'read', subject: 'Auth' }];

export const userId = z.string().regex(/^[1-9][0-9]*$/);

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
