/** The meetings' calls (D32–D34). So far: /api/working-hours and the available times. */
import {
  availableTimes,
  availableTimesInput,
  errorBody,
  updateWorkingHoursInput,
  workingHours,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

const common = { tags: ['meetings'] };

export function meetingsRoutes(app: FastifyInstance, context: AppContext): void {
  const { workingHours: hours, meetings } = context.services;
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
      response: { 200: availableTimes, 400: errorBody },
    },
    handler: (request) => {
      const user = userOf(request);
      return meetings.availableTimes(user.id, user.time_zone, request.body);
    },
  });
}
