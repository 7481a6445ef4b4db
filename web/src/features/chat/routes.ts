/**
 * What the router loads for /apps/chat and /chat: the page's chunk and its first queries (the
 * chats and contacts, and the open chat's latest messages). One module for the feature, so the
 * entry chunk carries one preload list for it (the /login budget, bench/bundle-size.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { getChatListQueryOptions, getChatMessagesQueryOptions } from './api/chat-api';

interface PrefetchContext {
  search: URLSearchParams;
  queryClient: QueryClient;
}

/** A chat id in the address: a positive integer; anything else is the page's to report. */
const isChatId = (id: string | null): id is string => id !== null && /^[1-9]\d{0,9}$/.test(id);

export const chatPage = {
  page: () => import('./pages/chat'),
  prefetch: ({ queryClient, search }: PrefetchContext) => {
    const id = search.get('id');
    return Promise.all([
      queryClient.prefetchQuery(getChatListQueryOptions()),
      isChatId(id) ? queryClient.prefetchInfiniteQuery(getChatMessagesQueryOptions(id)) : undefined,
    ]);
  },
};
