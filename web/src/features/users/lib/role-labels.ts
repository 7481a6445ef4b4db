/** Each role's name in the interface (D5, D6). */
import type { Role } from '@cadence/contract';

export const roleLabels = {
  admin: 'roles.admin',
  client: 'roles.client',
  user: 'roles.user',
} as const satisfies Record<Role, string>;
