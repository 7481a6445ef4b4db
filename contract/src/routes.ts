/**
 * The spec's whitelists of route parameters (part 2, part 9; D1, D14). A feature route whose
 * parameter is not in its list sends the user to the 404 page.
 */
export const routeParams = {
  todoFilter: ['important', 'completed', 'deleted'],
  goalFilter: ['done', 'progress', 'deleted'],
  tag: ['team', 'low', 'medium', 'high', 'update'],
} as const;

export type RouteParamKind = keyof typeof routeParams;

export function isAllowedParam(kind: RouteParamKind, value: string | undefined): boolean {
  return value !== undefined && (routeParams[kind] as readonly string[]).includes(value);
}

/** Where a signed-in user belongs by role after login (spec part 6). */
export function homeOf(role: string | undefined): string {
  if (role === 'admin') return '/';
  if (role === 'client') return '/access-control';
  return '/login';
}
