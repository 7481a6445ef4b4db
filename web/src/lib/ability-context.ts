/** The signed-in user's ability, for components (route guards read the session directly). */
import { createContext, useContext } from 'react';
import { type AppAbility, abilityFor } from './ability';

export const AbilityContext = createContext<AppAbility>(abilityFor(null));

export function useAbility(): AppAbility {
  return useContext(AbilityContext);
}
