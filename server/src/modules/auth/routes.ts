/** The /api/jwt calls of D9. */
import {
  authSession,
  currentUser,
  errorBody,
  forgotPasswordInput,
  loginInput,
  logoutInput,
  refreshInput,
  registerInput,
  resetPasswordInput,
  tokenPair,
  unlockInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { presentUserData } from './user-data';
import { userOf } from './authenticate';
import { LoginRefused } from './service';

const noContent = z.null().describe('No content');

export function authRoutes(app: FastifyInstance, context: AppContext): void {
  const { config } = context;
  const { auth } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guessing passwords or flooding inboxes from one address is slowed down per IP.
  const perIp = {
    rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
  };

  api.post('/jwt/login', {
    config: perIp,
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      body: loginInput,
      response: { 200: authSession, 400: errorBody, 403: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      try {
        return await auth.login(request.body, request.ip);
      } catch (error) {
        // Refused by the sign-in protection (decisions §61): when the block surely ends.
        if (error instanceof LoginRefused) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  });

  api.post('/jwt/register', {
    config: perIp,
    schema: {
      tags: ['auth'],
      summary: 'Create an account and sign in',
      body: registerInput,
      response: { 201: authSession, 400: errorBody, 409: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => reply.code(201).send(await auth.register(request.body)),
  });

  api.post('/jwt/refresh-token', {
    schema: {
      tags: ['auth'],
      summary: 'Exchange a refresh token for a new pair (the old one stops working)',
      body: refreshInput,
      response: { 200: tokenPair, 400: errorBody, 401: errorBody },
    },
    handler: (request) => auth.refresh(request.body.refreshToken),
  });

  api.post('/jwt/logout', {
    schema: {
      tags: ['auth'],
      summary: "End the refresh token's session",
      body: logoutInput,
      response: { 204: noContent, 400: errorBody },
    },
    handler: async (request, reply) => {
      await auth.logout(request.body.refreshToken);
      return reply.code(204).send(null);
    },
  });

  api.post('/jwt/forgot-password', {
    config: perIp,
    schema: {
      tags: ['auth'],
      summary: 'Mail a password-reset link (same answer whether or not the address exists)',
      body: forgotPasswordInput,
      response: { 204: noContent, 400: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      await auth.forgotPassword(request.body);
      return reply.code(204).send(null);
    },
  });

  api.post('/jwt/reset-password', {
    schema: {
      tags: ['auth'],
      summary: 'Choose a new password with the token from the e-mail (single use, one hour)',
      body: resetPasswordInput,
      response: { 204: noContent, 400: errorBody },
    },
    handler: async (request, reply) => {
      await auth.resetPassword(request.body);
      return reply.code(204).send(null);
    },
  });

  api.post('/jwt/unlock', {
    config: perIp,
    schema: {
      tags: ['auth'],
      summary:
        "Clear an account's failed logins with the token of the unlock link it was mailed (single use, one hour)",
      body: unlockInput,
      response: { 204: noContent, 400: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      await auth.unlock(request.body);
      return reply.code(204).send(null);
    },
  });
}

/** The signed-in user's own record (behind sign-in). */
export function sessionRoutes(app: FastifyInstance, context: AppContext): void {
  const { auth } = context.services;
  app.withTypeProvider<ZodTypeProvider>().get('/jwt/me', {
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user, and whether they operate this instance (D7)',
      response: { 200: currentUser },
    },
    handler: async (request) => {
      const user = userOf(request);
      return { userData: presentUserData(user), operator: await auth.isOperator(user) };
    },
  });
}
