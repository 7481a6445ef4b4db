/** The meetings' calls (D32–D34): /api/working-hours, the available times, meetings, invitations. */
import {
  answerInvitationInput,
  availableTimes,
  availableTimesInput,
  createMeetingInput,
  errorBody,
  invitationList,
  invitationsQuery,
  meeting,
  meetingAnswerParams,
  meetingAnswerView,
  meetingList,
  meetingParams,
  meetingsQuery,
  updateMeetingInput,
  updateWorkingHoursInput,
  workingHours,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

const noContent = z.null().describe('No content');
const common = { tags: ['meetings'] };
const errors = { 400: errorBody, 403: errorBody, 404: errorBody };

export function meetingsRoutes(app: FastifyInstance, context: AppContext): void {
  const { workingHours: hours, meetings, meetingInvitations: invitations } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/working-hours', {
    schema: {
      ...common,
      summary: 'My working hours per weekday, in my time zone (D22’s default while I have stored none)',
      response: { 200: workingHours },
    },
    handler: (request) => hours.get(userOf(request).id),
  });

  api.put('/working-hours', {
    schema: {
      ...common,
      summary: 'Replace my working hours (and, when given, my time zone)',
      body: updateWorkingHoursInput,
      response: { 200: workingHours, 400: errorBody },
    },
    handler: (request) => hours.replace(userOf(request).id, request.body),
  });

  api.post('/meetings/available-times', {
    schema: {
      ...common,
      summary: 'The start times when I and every invitee are free (D23), grouped by my dates',
      body: availableTimesInput,
      response: { 200: availableTimes, 400: errorBody, 404: errorBody },
    },
    handler: (request) => {
      const user = userOf(request);
      return meetings.availableTimes(user.id, user.time_zone, request.body);
    },
  });

  api.get('/meetings', {
    schema: {
      ...common,
      summary: 'The meetings I organise or am invited to, active, archived or both',
      querystring: meetingsQuery,
      response: { 200: meetingList, 400: errorBody },
    },
    handler: (request) => meetings.list(userOf(request).id, request.query),
  });

  api.post('/meetings', {
    schema: {
      ...common,
      summary: 'Organise a meeting: my friends are invited; a time, when given, must be free for everyone',
      body: createMeetingInput,
      response: { 201: meeting, 400: errorBody, 409: errorBody },
    },
    handler: async (request, reply) => {
      const user = userOf(request);
      return reply.code(201).send(await meetings.create(user.id, user.time_zone, request.body));
    },
  });

  // Before /meetings/:id, which would otherwise take "invitations" for an id (and refuse it).
  api.get('/meetings/invitations', {
    schema: {
      ...common,
      summary: 'My invitations with their meetings: pending, accepted, refused or all',
      querystring: invitationsQuery,
      response: { 200: invitationList, 400: errorBody },
    },
    handler: (request) => invitations.list(userOf(request).id, request.query),
  });

  api.get('/meetings/:id', {
    schema: {
      ...common,
      summary: 'A meeting I organise or am invited to',
      params: meetingParams,
      response: { 200: meeting, ...errors },
    },
    handler: (request) => meetings.get(userOf(request).id, Number(request.params.id)),
  });

  api.put('/meetings/:id', {
    schema: {
      ...common,
      summary:
        'Change a meeting — the organiser only: its fields, invitees, time (409 when no longer free), state, completed',
      params: meetingParams,
      body: updateMeetingInput,
      response: { 200: meeting, ...errors, 409: errorBody },
    },
    handler: (request) => {
      const user = userOf(request);
      return meetings.update(user.id, user.time_zone, Number(request.params.id), request.body);
    },
  });

  api.delete('/meetings/:id', {
    schema: {
      ...common,
      summary: 'Delete a meeting — the organiser only; it leaves every calendar',
      params: meetingParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      await meetings.remove(userOf(request).id, Number(request.params.id));
      return reply.code(204).send(null);
    },
  });

  api.put('/meetings/:id/invitation', {
    schema: {
      ...common,
      summary:
        'Accept or refuse an invitation, while the meeting is active and not completed (409 otherwise)',
      params: meetingParams,
      body: answerInvitationInput,
      response: { 200: meeting, ...errors, 409: errorBody },
    },
    handler: (request) => invitations.answer(userOf(request).id, Number(request.params.id), request.body),
  });
}

/**
 * D42's Accept and Decline links, answered without signing in: the token names one invitee of one
 * meeting, is signed for this purpose alone and expires when the meeting ends. Limited per address
 * as sign-in is.
 */
export function meetingAnswerRoutes(app: FastifyInstance, context: AppContext): void {
  const { meetingInvitations: invitations } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: context.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const answers = { 404: errorBody, 410: errorBody, 429: errorBody };

  api.get('/meeting-answers/:token', {
    config: { rateLimit },
    schema: {
      ...common,
      summary: 'The invitation of an answer link, in its invitee’s language and zone (no sign-in)',
      params: meetingAnswerParams,
      response: { 200: meetingAnswerView, 400: errorBody, ...answers },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return invitations.answerView(request.params.token);
    },
  });

  api.post('/meeting-answers/:token', {
    config: { rateLimit },
    schema: {
      ...common,
      summary: 'Accept or refuse through an answer link (no sign-in); 409 once the meeting is closed',
      params: meetingAnswerParams,
      body: answerInvitationInput,
      response: { 200: meetingAnswerView, 400: errorBody, 409: errorBody, ...answers },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return invitations.answerByLink(request.params.token, request.body);
    },
  });
}
