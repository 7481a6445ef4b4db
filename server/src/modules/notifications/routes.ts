/** The notifications calls: /api/notifications, the bell's list, read one, read all. */
import {
  emptyBody,
  errorBody,
  notification,
  notificationList,
  notificationParams,
  readAllResult,
  updateNotificationInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

const common = { tags: ['notifications'] };

export function notificationsRoutes(app: FastifyInstance, context: AppContext): void {
  const { notifications } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/notifications', {
    schema: {
      ...common,
      summary: 'My newest notifications, with how many are unread',
      response: { 200: notificationList },
    },
    handler: (request) => notifications.list(userOf(request).id),
  });

  api.put('/notifications/:id', {
    schema: {
      ...common,
      summary: 'Mark one of my notifications read (or unread again)',
      params: notificationParams,
      body: updateNotificationInput,
      response: { 200: notification, 400: errorBody, 404: errorBody },
    },
    handler: (request) =>
      notifications.markRead(userOf(request).id, Number(request.params.id), request.body.isRead),
  });

  api.post('/notifications/read-all', {
    schema: {
      ...common,
      summary: 'Mark all my notifications read',
      body: emptyBody,
      response: { 200: readAllResult },
    },
    handler: (request) => notifications.readAll(userOf(request).id),
  });
}
