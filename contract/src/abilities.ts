/**
 * Roles and the abilities they grant (D5, D6). Free of zod, so the web app's entry can use it
 * without loading the schemas.
 */
export const roles = ['admin', 'client', 'user'] as const;
export type Role = (typeof roles)[number];

export interface AbilityRule {
  action: string;
  subject: string;
}

/** The abilities each role grants. They choose screens; they never open another user's data. */
export const abilitiesByRole: Record<Role, AbilityRule[]> = {
  admin: [{ action: 'manage', subject: 'all' }],
  client: [
    { action: 'read', subject: 'ACL' },
    { action: 'read', subject: 'Auth' },
  ],
  // A team's member: every everyday screen, not the screens that administer the instance
  // (Access control's `ACL`, the users directory's `Users`).
  user: [
    { action: 'manage', subject: 'App' },
    { action: 'read', subject: 'Auth' },
  ],
};

/** What an anonymous visitor may do (spec part 6). */
export const defaultAbility: AbilityRule[] = [{ action: 'read', subject: 'Auth' }];
