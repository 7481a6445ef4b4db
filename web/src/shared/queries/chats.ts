/**
 * The chats list (D37) that the chat pages and the menu's count of unread messages share. Types
 * only from the contract: the app layout's menu loads this. Every chat read lives under
 * `chatKeys.all`, which the live stream (D38) invalidates on each `chat` event (the list alone on
 * each `presence` event).
 */
import type { ChatList } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { chatKeys } from './keys';

export const getChatListQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.list,
    queryFn: () => api.get<ChatList>('/chats'),
  });
