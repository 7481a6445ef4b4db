/**
 * What the router loads for the sign-in addresses but /login (whose page is in the entry's chunk,
 * app/router.tsx): each page's chunk (they start no query). One
 * module for the feature, so the entry chunk carries one preload list for it (the /login budget,
 * bench/bundle-size.ts).
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  /** /register */
  register: { page: () => import('./pages/register') },
  /** /forgot-password */
  forgotPassword: { page: () => import('./pages/forgot-password') },
  /** /reset-password?token= */
  resetPassword: { page: () => import('./pages/reset-password') },
  /** /unlock?token=: a sign-in protection mail's link (open whether signed in or not). */
  unlock: { page: () => import('./pages/unlock') },
} satisfies LazyPages;
