/** The /api/chats calls (D37): the chats and contacts, opening a chat, its messages, sending one. */
import {
  chatIdParams,
  chatList,
  chatMessage,
  chatMessagePage,
  chatMessagesQuery,
  chatSummary,
  errorBody,
  openChatInput,
  sendChatMessageInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

export function chatRoutes(app: FastifyInstance, context: AppContext): void {
  const { chat } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['chat'] };

  api.get('/chats', {
    schema: {
      ...common,
      summary: 'Your chats with their last message and unseen count, and friends and groups without one',
      response: { 200: chatList },
    },
    handler: (request) => chat.list(userOf(request).id),
  });

  api.post('/chats', {
    schema: {
      ...common,
      summary: 'Open the chat with a friend or a group of yours (201), or get the one that exists (200)',
      body: openChatInput,
      response: { 200: chatSummary, 201: chatSummary, 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      const { chat: summary, created } = await chat.open(userOf(request).id, request.body);
      return reply.code(created ? 201 : 200).send(summary);
    },
  });

  api.get('/chats/:id/messages', {
    schema: {
      ...common,
      summary: 'The latest 50 messages, or the 50 before a message; reading the latest marks the chat read',
      params: chatIdParams,
      querystring: chatMessagesQuery,
      response: { 200: chatMessagePage, 400: errorBody, 404: errorBody },
    },
    handler: (request) => chat.messages(userOf(request).id, request.params.id, request.query.before),
  });

  api.post('/chats/:id/messages', {
    schema: {
      ...common,
      summary: 'Send a message (a direct chat with a former friend answers 409)',
      params: chatIdParams,
      body: sendChatMessageInput,
      response: { 201: chatMessage, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await chat.send(userOf(request).id, request.params.id, request.body.message)),
  });
}
