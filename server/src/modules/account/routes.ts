/** /api/account: the signed-in user's own settings, password and avatar; /api/avatars/{id}: the pictures. */
import {
  account,
  AVATAR_MAX_BYTES,
  changePasswordInput,
  errorBody,
  idParams,
  messages,
  updateAccountInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { readUpload, uploadRoutes } from '../../lib/upload';
import { userOf } from '../auth/authenticate';

const noContent = z.null().describe('No content');

export function accountRoutes(app: FastifyInstance, context: AppContext): void {
  const { accounts } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/account', {
    schema: {
      tags: ['account'],
      summary: 'My account settings',
      response: { 200: account },
    },
    handler: (request) => accounts.get(userOf(request).id),
  });

  api.put('/account', {
    schema: {
      tags: ['account'],
      summary: 'Change my account settings (any subset of the sections)',
      body: updateAccountInput,
      response: { 200: account, 400: errorBody, 409: errorBody },
    },
    handler: (request) => accounts.update(userOf(request).id, request.body),
  });

  api.post('/account/password', {
    schema: {
      tags: ['account'],
      summary: 'Change my password (the current one is required; my other sessions end)',
      body: changePasswordInput,
      response: { 204: noContent, 400: errorBody },
    },
    handler: async (request, reply) => {
      await accounts.changePassword(userOf(request).id, request.sessionId, request.body);
      return reply.code(204).send(null);
    },
  });

  // The one route of this module that takes a file (multipart/form-data).
  uploadRoutes(app, AVATAR_MAX_BYTES, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post('/account/avatar', {
      schema: {
        tags: ['account'],
        summary: 'Upload my picture: multipart/form-data, one file (PNG, JPEG or WebP, at most 2 MB)',
        consumes: ['multipart/form-data'],
        uploadFile: 'A picture: PNG, JPEG or WebP, at most 2 MB',
        response: { 200: account, 400: errorBody, 413: errorBody, 415: errorBody },
      },
      handler: async (request) => {
        const { content: upload } = await readUpload(request, {
          notMultipart: new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages['request.unsupportedMediaType']),
          missing: new AppError(400, 'AVATAR_MISSING', messages['account.avatarMissing']),
          tooLarge: new AppError(413, 'AVATAR_TOO_LARGE', messages['account.avatarTooLarge']),
        });
        return accounts.setAvatar(userOf(request).id, upload);
      },
    });
  });

  api.delete('/account/avatar', {
    schema: {
      tags: ['account'],
      summary: 'Remove my picture',
      response: { 204: noContent },
    },
    handler: async (request, reply) => {
      await accounts.removeAvatar(userOf(request).id);
      return reply.code(204).send(null);
    },
  });
}

/** The pictures, open to anyone who has the address (docs/decisions.md §20). */
export function avatarRoutes(app: FastifyInstance, context: AppContext): void {
  const { accounts } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // <img> elements cannot send a token; the address carries a version, so the answer is cached for good.
  api.get('/avatars/:id', {
    schema: {
      tags: ['account'],
      summary: "A user's picture (WebP)",
      params: idParams,
      response: { 200: z.any().describe('image/webp'), 404: errorBody },
    },
    handler: async (request, reply) => {
      const image = await accounts.avatar(Number(request.params.id));
      if (!image) throw notFound();
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-origin')
        .type(image.mimeType)
        .send(image.content);
    },
  });
}
