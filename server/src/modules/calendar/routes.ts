/** The Calendar calls (spec part 7, D31): /api/calender/…, exactly those paths and payloads. */
import {
  calendarEvent,
  calendarEvents,
  createEventInput,
  errorBody,
  eventParams,
  eventsQuery,
  updateEventInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { passBytes, sendVersioned } from '../../lib/cached-json';
import { userOf } from '../auth/authenticate';

const noContent = z.null().describe('No content');
const common = { tags: ['calendar'] };
const errors = { 400: errorBody, 403: errorBody, 404: errorBody };

/** Weak: one tag names the version of the user's calendar in every encoding; the zone is in it too. */
const calendarEtag = (userId: number, version: number, timeZone: string) =>
  `W/"calendar-${userId}-v${version}-${encodeURIComponent(timeZone)}"`;

export function calendarRoutes(app: FastifyInstance, context: AppContext): void {
  const { calendar } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/calender/events', {
    serializerCompiler: passBytes,
    schema: {
      ...common,
      summary:
        'Every occurrence overlapping [start, end) of the events I own or am a guest of (at most 400 days)',
      querystring: eventsQuery,
      response: {
        200: calendarEvents,
        304: z.null().describe('Not modified: the If-None-Match tag is the current version of your calendar'),
        400: errorBody,
      },
    },
    handler: async (request, reply) => {
      const user = userOf(request);
      const version = await calendar.version(user.id);
      return sendVersioned(request, reply, calendarEtag(user.id, version, user.time_zone), () =>
        calendar.rangeJson(user.id, user.time_zone, version, request.query),
      );
    },
  });

  api.get('/calender/events/:id', {
    schema: {
      ...common,
      summary: 'An event I own or am a guest of, as its first occurrence',
      params: eventParams,
      response: { 200: calendarEvent, 404: errorBody },
    },
    handler: (request) => calendar.get(userOf(request).id, Number(request.params.id)),
  });

  api.post('/calender/add-event', {
    schema: {
      ...common,
      summary: 'Add an event, with my friends or my groups’ members as guests',
      body: createEventInput,
      response: { 201: calendarEvent, 400: errorBody },
    },
    handler: async (request, reply) => {
      const user = userOf(request);
      return reply.code(201).send(await calendar.create(user.id, user.time_zone, request.body));
    },
  });

  api.put('/calender/modify-event/:id', {
    schema: {
      ...common,
      summary: 'Change an event of mine (a guest gets 403)',
      params: eventParams,
      body: updateEventInput,
      response: { 200: calendarEvent, ...errors },
    },
    handler: (request) => {
      const user = userOf(request);
      return calendar.update(user.id, user.time_zone, Number(request.params.id), request.body);
    },
  });

  api.delete('/calender/:id', {
    schema: {
      ...common,
      summary: 'Delete an event of mine from every calendar (a guest gets 403)',
      params: eventParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      await calendar.remove(userOf(request).id, Number(request.params.id));
      return reply.code(204).send(null);
    },
  });
}
