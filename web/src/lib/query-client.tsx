/**
 * The app's one TanStack Query client, and the provider that hands it to the pages under it.
 * Loaded after sign-in: the sign-in pages start no query (their calls go through `useAction`), so
 * /login downloads none of TanStack Query (bench/bundle-size.ts). The router wraps the app layout
 * and every full-layout page but the sign-in ones in `WithQueries`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1 },
  },
});

export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A route's component inside `WithQueries`. */
export function withQueries(Component: ComponentType): ComponentType {
  return function RouteWithQueries() {
    return (
      <WithQueries>
        <Component />
      </WithQueries>
    );
  };
}
