/** /api/users: the directory (D11) and account management (D7). */
import {
  errorBody,
  idParams,
  listOf,
  publicUser,
  updateUserInput,
  userDetail,
  usersQuery,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

export function usersRoutes(app: FastifyInstance, context: AppContext): void {
  const { users } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/users', {
    schema: {
      tags: ['users'],
      summary: 'The users directory: public fields only, by id, 10 per page',
      querystring: usersQuery,
      response: { 200: listOf(publicUser), 400: errorBody },
    },
    handler: (request) => users.list(userOf(request), request.query),
  });

  api.get('/users/:id', {
    schema: {
      tags: ['users'],
      summary: 'One user: public fields (the operator also sees role and state)',
      params: idParams,
      response: { 200: userDetail, 404: errorBody },
    },
    handler: (request) => users.detail(userOf(request), Number(request.params.id)),
  });

  api.put('/users/:id', {
    schema: {
      tags: ['users'],
      summary: 'Change names (oneself or the operator), role or state (the operator)',
      params: idParams,
      body: updateUserInput,
      response: {
        200: userDetail,
        400: errorBody,

        403: errorBody,
        404: errorBody,
        409: errorBody,
      },
    },
    handler: (request) => users.update(userOf(request), Number(request.params.id), request.body),
  });
}
