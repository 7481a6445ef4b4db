/**
 * Which screens the user may open (spec part 6): a CASL ability built from the stored user
 * record, or the anonymous default (read Auth).
 */
import { Ability } from '@casl/ability';
import type { UserData } from '@cadence/contract';
import { defaultAbility } from '@cadence/contract/abilities';

/** Rules carry no conditions, so the plain ability (without the MongoDB-query matcher) suffices. */
export type AppAbility = Ability;

export function abilityFor(user: UserData | null): AppAbility {
  return new Ability(user?.ability ?? defaultAbility);
}

export interface RouteAccess {
  resource: string;
  action?: string;
}

export function canOpen(ability: AppAbility, access: RouteAccess): boolean {
  return ability.can(access.action ?? 'read', access.resource);
}
