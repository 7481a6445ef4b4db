/**
 * Booking pages' calls (D44): the host's types and bookings behind sign-in; the public page's free
 * times and booking, and the visitor's manage link, without — each under its own per-address limit.
 */
import {
  bookInput,
  booked,
  bookingType,
  bookingTypeInput,
  bookingTypeList,
  bookingTypeParams,
  bookingTokenParams,
  bookingView,
  cancelBookingInput,
  errorBody,
  hostBookingList,
  hostBookingsQuery,
  publicBookingParams,
  publicTimes,
  publicTimesQuery,
  rescheduleBookingInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { passBytes, sendCached } from '../../lib/cached-json';
import { userOf } from '../auth/authenticate';

const noContent = z.null().describe('No content');
const common = { tags: ['booking'] };

export function bookingRoutes(app: FastifyInstance, context: AppContext): void {
  const { bookingTypes: types, booking } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/booking-types', {
    schema: { ...common, summary: 'My booking types (D44)', response: { 200: bookingTypeList } },
    handler: (request) => types.listTypes(userOf(request).id),
  });

  api.post('/booking-types', {
    schema: {
      ...common,
      summary: 'Make a booking type: a public link to book a time with me or one of my groups',
      body: bookingTypeInput,
      response: { 201: bookingType, 400: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await types.createType(userOf(request).id, request.body)),
  });

  api.put('/booking-types/:id', {
    schema: {
      ...common,
      summary: 'Change one of my booking types (every field)',
      params: bookingTypeParams,
      body: bookingTypeInput,
      response: { 200: bookingType, 400: errorBody, 404: errorBody },
    },
    handler: (request) => types.updateType(userOf(request).id, Number(request.params.id), request.body),
  });

  api.delete('/booking-types/:id', {
    schema: {
      ...common,
      summary: 'Delete one of my booking types; its bookings stay',
      params: bookingTypeParams,
      response: { 204: noContent, 404: errorBody },
    },
    handler: async (request, reply) => {
      await types.removeType(userOf(request).id, Number(request.params.id));
      return reply.code(204).send(null);
    },
  });

  api.get('/bookings', {
    schema: {
      ...common,
      summary: 'The bookings I host or that came through my links: upcoming, past or cancelled',
      querystring: hostBookingsQuery,
      response: { 200: hostBookingList, 400: errorBody },
    },
    handler: (request) => booking.hostBookings(userOf(request).id, request.query.when),
  });

  api.post('/bookings/:id/host-cancel', {
    schema: {
      ...common,
      summary: 'Cancel a booking I host: the visitor and the other hosts are told',
      params: bookingTypeParams,
      body: cancelBookingInput,
      response: { 204: noContent, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) => {
      await booking.hostCancel(userOf(request).id, Number(request.params.id), request.body?.reason ?? '');
      return reply.code(204).send(null);
    },
  });
}

/** The public page's calls and the visitor's manage link: no sign-in, limits per address. */
export function publicBookingRoutes(app: FastifyInstance, context: AppContext): void {
  const { bookingTimes, booking } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const perMinute = context.config.BOOKING_RATE_LIMIT_PER_MINUTE;
  const reads = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  const writes = { rateLimit: { max: Math.max(1, Math.ceil(perMinute / 6)), timeWindow: '1 minute' } };
  const limited = { 404: errorBody, 429: errorBody };

  api.get('/book/:username/:slug', {
    config: reads,
    serializerCompiler: passBytes,
    schema: {
      ...common,
      summary: 'The free times of a booking link over the visitor’s days, in their zone (no sign-in)',
      params: publicBookingParams,
      querystring: publicTimesQuery,
      response: { 200: publicTimes, 400: errorBody, ...limited },
    },
    handler: async (request, reply) =>
      sendCached(
        request,
        reply,
        await bookingTimes.publicTimesJson(request.params.username, request.params.slug, request.query),
      ),
  });

  api.post('/book/:username/:slug', {
    config: writes,
    schema: {
      ...common,
      summary: 'Book one of the times offered (no sign-in): the manage link’s token; 409 once taken',
      params: publicBookingParams,
      body: bookInput,
      response: { 201: booked, 400: errorBody, 409: errorBody, ...limited },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return reply
        .code(201)
        .send(await booking.book(request.params.username, request.params.slug, request.body));
    },
  });

  api.get('/bookings/:token', {
    config: reads,
    schema: {
      ...common,
      summary: 'A booking through its manage link (no sign-in)',
      params: bookingTokenParams,
      response: { 200: bookingView, 400: errorBody, ...limited },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return booking.view(request.params.token);
    },
  });

  api.post('/bookings/:token/cancel', {
    config: writes,
    schema: {
      ...common,
      summary: 'Cancel a booking through its manage link (no sign-in)',
      params: bookingTokenParams,
      body: cancelBookingInput,
      response: { 200: bookingView, 400: errorBody, 409: errorBody, ...limited },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return booking.cancelByToken(request.params.token, request.body?.reason ?? '');
    },
  });

  api.post('/bookings/:token/reschedule', {
    config: writes,
    schema: {
      ...common,
      summary: 'Move a booking to another time offered, through its manage link; 409 once taken',
      params: bookingTokenParams,
      body: rescheduleBookingInput,
      response: { 200: bookingView, 400: errorBody, 409: errorBody, ...limited },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return booking.reschedule(request.params.token, request.body.start);
    },
  });
}
