/**
 * The chat calls (D37): the chats and contacts, a chat's messages paged back 50 at a time,
 * opening a chat with a friend or a group, sending a message. Every key is under `chatKeys.all`,
 * which the live stream (D38) invalidates on each `chat` event (the list on each `presence`
 * event), so a message arriving refetches what is on screen.
 */
import type { ChatList, ChatMessage, ChatMessagePage, ChatSummary, OpenChatInput } from '@cadence/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getChatListQueryOptions } from '../../../shared/queries/chats';
import { chatKeys } from '../../../shared/queries/keys';

export { getChatListQueryOptions };

export function useChatList() {
  return useQuery(getChatListQueryOptions());
}

const listKey = getChatListQueryOptions().queryKey;

/**
 * Reading a chat's latest page marked it read on the server: its unseen count shows 0 at once, in
 * the list and the menu, and the list is asked again (a read of it in flight may predate the mark).
 */
function markSeen(client: QueryClient, chatId: string): Promise<void> {
  client.setQueryData<ChatList>(listKey, (list) => {
    const chat = list?.chats.find((candidate) => candidate._id === chatId);
    if (!list || !chat || chat.unseen === 0) return list;
    return {
      ...list,
      chats: list.chats.map((candidate) => (candidate === chat ? { ...chat, unseen: 0 } : candidate)),
      unseen: Math.max(0, list.unseen - chat.unseen),
    };
  });
  return client.invalidateQueries({ queryKey: listKey });
}

export type ChatMessages = InfiniteData<ChatMessagePage, string | undefined>;

/** Pages from the latest back: the first page has no `before`; the next, the oldest message's id. */
export const getChatMessagesQueryOptions = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(chatId),
    queryFn: async ({ pageParam, client }) => {
      const query =
        pageParam === undefined ? '' : `?${new URLSearchParams({ before: pageParam }).toString()}`;
      const page = await api.get<ChatMessagePage>(`/chats/${encodeURIComponent(chatId)}/messages${query}`);
      if (pageParam === undefined) void markSeen(client, chatId);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data[0]?._id : undefined),
  });

/** Opens (or finds) the chat with a friend or a group; the list then shows it among the chats. */
export function useOpenChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OpenChatInput) => api.post<ChatSummary>('/chats', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/**
 * Sends a message: it shows at the end of the conversation at once, and the list (its last message,
 * its order) is asked again. The live event the message causes refetches the conversation.
 */
export function useSendChatMessage(chatId: string) {
  const queryClient = useQueryClient();
  const messagesKey = getChatMessagesQueryOptions(chatId).queryKey;
  return useMutation({
    mutationFn: (message: string) =>
      api.post<ChatMessage>(`/chats/${encodeURIComponent(chatId)}/messages`, { message }),
    onSuccess: (message) => {
      queryClient.setQueryData<ChatMessages>(messagesKey, (data) => {
        const [latest, ...older] = data?.pages ?? [];
        if (!data || !latest || latest.data.some((known) => known._id === message._id)) return data;
        return { ...data, pages: [{ ...latest, data: [...latest.data, message] }, ...older] };
      });
      // Not awaited: the box empties as the message shows, not once the list is back.
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
