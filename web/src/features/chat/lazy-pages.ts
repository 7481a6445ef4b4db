/**
 * What the router loads for /apps/chat and /chat: the page's chunk and its first queries (the
 * chats and contacts, and the open chat's latest messages). One module for the feature, so the
 * entry chunk carries one preload list for it (the /login budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

/** A chat id in the address: a positive integer; anything else is the page's to report. */
const isChatId = (id: string | null): id is string => id !== null && /^[1-9]\d{0,9}$/.test(id);

export const lazyPages = {
  /** /apps/chat and /chat, `?id=` the chat open (D37). */
  chat: {
    page: () => import('./pages/chat'),
    prefetch: async ({ queryClient, search }) => {
      const chat = await import('./api/chat-api');
      const id = search.get('id');
      return Promise.all([
        queryClient.prefetchQuery(chat.getChatListQueryOptions()),
        isChatId(id) ? queryClient.prefetchInfiniteQuery(chat.getChatMessagesQueryOptions(id)) : undefined,
      ]);
    },
  },
} satisfies LazyPages;
