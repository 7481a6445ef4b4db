/**
 * Chat (D37): a direct chat between two friends, or one chat per group (its owner and members);
 * messages of up to 4,000 characters, paged back 50 at a time; an unseen count per chat and user.
 */
import { z } from 'zod';
import { chatMessages } from './chat-messages';
import { requiredText as text } from './fields';
import { publicUser } from './people';
import { userId } from './users';

export { chatMessages };

export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_PAGE_SIZE = 50;

/** A row id in a path, a query or a body: a positive 32-bit integer written as a string. */
const rowIdText = userId;

export const chatIdParams = z.object({ id: rowIdText.describe('A chat’s id') });

export const chatPresence = z
  .object({
    online: z.boolean().describe('Connected to the live stream now, on any instance'),
    lastSeenAt: z.string().nullable().describe('When they were last connected, ISO 8601 UTC'),
  })
  .meta({ id: 'ChatPresence' });
export type ChatPresence = z.infer<typeof chatPresence>;

export const chatMessage = z
  .object({
    _id: z.string(),
    chatId: z.string(),
    senderId: userId,
    message: z.string().describe('Plain text; the client shows http and https addresses as links'),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatContact = publicUser.extend({ presence: chatPresence }).meta({ id: 'ChatContact' });
export type ChatContact = z.infer<typeof chatContact>;

export const chatKinds = ['direct', 'group'] as const;
export type ChatKind = (typeof chatKinds)[number];

export const chatSummary = z
  .object({
    _id: z.string(),
    kind: z.enum(chatKinds),
    name: z.string().describe('The friend’s full name, or the group’s name'),
    friend: chatContact.nullable().describe('The other person of a direct chat'),
    group: z.object({ _id: z.string(), name: z.string() }).nullable(),
    participants: z.array(publicUser).describe('Everyone in the chat, the caller included'),
    lastMessage: chatMessage.nullable(),
    unseen: z.number().int().min(0).describe('Messages from others not read yet'),
    closed: z.boolean().describe('A direct chat with a former friend: readable, closed to new messages'),
  })
  .meta({ id: 'ChatSummary' });
export type ChatSummary = z.infer<typeof chatSummary>;

export const chatList = z
  .object({
    chats: z.array(chatSummary).describe('Newest activity first'),
    contacts: z.array(chatContact).describe('Friends without a chat yet, by name'),
    groups: z
      .array(z.object({ _id: z.string(), name: z.string() }))
      .describe('Groups of the caller’s (owned or joined) without a chat yet, by name'),
    unseen: z.number().int().min(0).describe('The sum of the chats’ unseen counts'),
  })
  .meta({ id: 'ChatList' });
export type ChatList = z.infer<typeof chatList>;

export const openChatInput = z
  .union(
    [
      z.strictObject({ friend: userId.describe('A friend’s user id') }),
      z.strictObject({ group: rowIdText.describe('The id of a group the caller owns or belongs to') }),
    ],
    { error: chatMessages['chat.target'] },
  )
  .meta({ id: 'OpenChatInput' });
export type OpenChatInput = z.infer<typeof openChatInput>;

export const chatMessagesQuery = z.object({
  before: rowIdText.optional().describe('A message id: the 50 messages before it. Without it, the latest 50'),
});

export const chatMessagePage = z
  .object({
    data: z.array(chatMessage).describe('Oldest first'),
    hasMore: z.boolean().describe('Older messages remain'),
    chat: chatSummary,
  })
  .meta({ id: 'ChatMessagePage' });
export type ChatMessagePage = z.infer<typeof chatMessagePage>;

export const sendChatMessageInput = z
  .strictObject({
    message: text(chatMessages['chat.messageRequired'])
      .refine((value) => value.trim().length > 0, chatMessages['chat.messageRequired'])
      .refine((value) => value.length <= CHAT_MESSAGE_MAX, chatMessages['chat.messageLength']),
  })
  .meta({ id: 'SendChatMessageInput' });
export type SendChatMessageInput = z.infer<typeof sendChatMessageInput>;
