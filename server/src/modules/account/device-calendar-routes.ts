/**
 * /api/account/calendars: the names and colours of the user's CalDAV collections (D49), the same
 * ones a calendar app sets with PROPPATCH.
 */
import {
  deviceCalendar,
  deviceCalendarList,
  deviceCalendarParams,
  errorBody,
  isDeviceCalendarCollection,
  updateDeviceCalendarInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { userOf } from '../auth/authenticate';

const common = { tags: ['account'] };

export function deviceCalendarRoutes(app: FastifyInstance, context: AppContext): void {
  const { deviceCalendars } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/account/calendars', {
    schema: {
      ...common,
      summary: 'My calendars as calendar apps (CalDAV) show them: each one’s name and colour',
      response: { 200: deviceCalendarList },
    },
    handler: async (request) => ({ data: await deviceCalendars.list(userOf(request)) }),
  });

  api.put('/account/calendars/:collection', {
    schema: {
      ...common,
      summary: 'Rename or recolour one of my calendars on my devices; null brings back the default',
      params: deviceCalendarParams,
      body: updateDeviceCalendarInput,
      response: { 200: deviceCalendar, 400: errorBody, 404: errorBody },
    },
    handler: (request) => {
      const { collection } = request.params;
      // Each user has the three, and only their own: a name that is not one is nothing here.
      if (!isDeviceCalendarCollection(collection)) throw notFound();
      return deviceCalendars.update(userOf(request), collection, request.body);
    },
  });
}
