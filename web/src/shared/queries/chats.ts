/**
 * The chats list (D37) that the chat pages and the menu's count of unread messages share. Types
 * only from the contract: the app layout's menu loads this. Every chat read lives under
 * `['chats']`, the key the live stream (D38) invalidates on each `chat` and `presence` event.
 */
import type { ChatList } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const chatsQueryKey = ['chats'] as const;

export const getChatListQueryOptions = () =>
  queryOptions({
    queryKey: [...chatsQueryKey, 'list'],
    queryFn: () => api.get<ChatList>('/chats'),
  });
