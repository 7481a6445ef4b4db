/** The /api/friends calls of D12: friends, and the friend requests on /apps/requests. */
import {
  emptyBody,
  errorBody,
  friendParams,
  friendRequest,
  friendRequests,
  idParams,
  listOf,
  publicUser,
  sendFriendRequestInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

const noContent = z.null().describe('No content');

export function friendsRoutes(app: FastifyInstance, context: AppContext): void {
  const { friends } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/friends', {
    schema: {
      tags: ['friends'],
      summary: "The signed-in user's friends, by name",
      response: { 200: listOf(publicUser) },
    },
    handler: async (request) => {
      const data = await friends.list(userOf(request).id);
      return { data, count: data.length };
    },
  });

  api.delete('/friends/:userId', {
    schema: {
      tags: ['friends'],
      summary: "End a friendship (both ways); each leaves the other's groups",
      params: friendParams,
      response: { 204: noContent, 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      await friends.remove(userOf(request).id, request.params.userId);
      return reply.code(204).send(null);
    },
  });

  api.get('/friends/requests', {
    schema: {
      tags: ['friends'],
      summary: 'Pending friend requests received (incoming) and sent (outgoing)',
      response: { 200: friendRequests },
    },
    handler: (request) => friends.requests(userOf(request)),
  });

  api.post('/friends/requests', {
    schema: {
      tags: ['friends'],
      summary: 'Ask a user to be friends',
      body: sendFriendRequestInput,
      response: { 201: friendRequest, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await friends.send(userOf(request), request.body)),
  });

  api.post('/friends/requests/:id/accept', {
    schema: {
      tags: ['friends'],
      summary: 'Accept a friend request (its receiver only): both become friends',
      params: idParams,
      body: emptyBody,
      response: { 204: noContent, 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      await friends.accept(userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.post('/friends/requests/:id/decline', {
    schema: {
      tags: ['friends'],
      summary: 'Decline a friend request (its receiver only)',
      params: idParams,
      body: emptyBody,
      response: { 204: noContent, 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      await friends.decline(userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.delete('/friends/requests/:id', {
    schema: {
      tags: ['friends'],
      summary: 'Withdraw a friend request (its sender only)',
      params: idParams,
      response: { 204: noContent, 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      await friends.withdraw(userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
