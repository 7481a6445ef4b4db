/** The Calendar calls (spec part 7, D31): /api/calender/…, exactly those paths and payloads. */
import { Readable } from 'node:stream';
import {
  calendarEvent,
  calendarFeed,
  calendarFeedStatus,
  CALENDAR_IMPORT_MAX_BYTES,
  calendarImportResult,
  feedParams,
  IMPORT_SKIPPED_LISTED_MAX,
  messages,
  calendarEvents,
  createEventInput,
  emptyBody,
  errorBody,
  eventParams,
  eventScopeQuery,
  eventsQuery,
  updateEventInput,
} from '@cadence/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { passBytes, sendVersioned } from '../../lib/cached-json';
import { readUploadText, uploadRoutes } from '../../lib/upload';
import { WorkSlicer } from '../../lib/work-slicer';
import { userOf } from '../auth/authenticate';
import { feedChunks } from './ics';
import { readIcs } from './ics-import';
import { ImportTooLarge, NotICalendar } from './ics-limits';

const noContent = z.null().describe('No content');
const common = { tags: ['calendar'] };
const errors = { 400: errorBody, 403: errorBody, 404: errorBody };

/** Weak: one tag names the version of the user's calendar in every encoding; the zone is in it too. */
const calendarEtag = (userId: number, version: number, timeZone: string) =>
  `W/"calendar-${userId}-v${version}-${encodeURIComponent(timeZone)}"`;

export function calendarRoutes(app: FastifyInstance, context: AppContext): void {
  const { calendar, calendarReads, calendarImport, calendarFeeds } = context.services;
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
      const version = await calendarReads.version(user.id);
      return sendVersioned(request, reply, calendarEtag(user.id, version, user.time_zone), () =>
        calendarReads.rangeJson(user.id, user.time_zone, version, request.query),
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
      summary:
        'Change an event of mine (a guest gets 403): all of a series, or with ?occurrence=&scope=this|following one occurrence or it and the later ones (D39)',
      params: eventParams,
      querystring: eventScopeQuery,
      body: updateEventInput,
      response: { 200: calendarEvent, ...errors },
    },
    handler: (request) => {
      const user = userOf(request);
      return calendar.update(user.id, user.time_zone, Number(request.params.id), request.body, request.query);
    },
  });

  api.delete('/calender/:id', {
    schema: {
      ...common,
      summary:
        'Delete an event of mine from every calendar (a guest gets 403), or with ?occurrence=&scope=this|following one occurrence or it and the later ones (D39)',
      params: eventParams,
      querystring: eventScopeQuery,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      await calendar.remove(userOf(request).id, Number(request.params.id), request.query);
      return reply.code(204).send(null);
    },
  });

  api.get('/calender/feed', {
    schema: {
      ...common,
      summary: 'Whether I have a secret feed address, and since when',
      response: { 200: calendarFeedStatus },
    },
    handler: (request) => calendarFeeds.status(userOf(request).id),
  });

  api.post('/calender/feed', {
    schema: {
      ...common,
      summary: 'Make my secret feed address (any older one stops working); answers it, once',
      body: emptyBody,
      response: { 201: calendarFeed },
    },
    handler: async (request, reply) => reply.code(201).send(await calendarFeeds.rotate(userOf(request).id)),
  });

  api.delete('/calender/feed', {
    schema: {
      ...common,
      summary: 'Revoke my secret feed address',
      response: { 204: noContent },
    },
    handler: async (request, reply) => {
      await calendarFeeds.revoke(userOf(request).id);
      return reply.code(204).send(null);
    },
  });

  // The one route of this module that takes a file (multipart/form-data).
  uploadRoutes(app, CALENDAR_IMPORT_MAX_BYTES, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post('/calender/import', {
      schema: {
        ...common,
        summary:
          'Import an iCalendar file (.ics, multipart/form-data, at most 10 MB, 20,000 events and 2,000 repeating ones) into my calendar: new UIDs are added, known ones updated when the file is newer',
        consumes: ['multipart/form-data'],
        uploadFile: 'An iCalendar file (.ics, text/calendar), at most 10 MB',
        response: { 201: calendarImportResult, 400: errorBody, 413: errorBody, 415: errorBody },
      },
      handler: async (request, reply) => {
        const fileError = (key: 'calendar.fileInvalid' | 'calendar.fileEmpty') =>
          badRequest('VALIDATION_ERROR', key, { file: messages[key] });
        const tooLarge = (
          key: 'calendar.fileTooLarge' | 'calendar.importTooManyEvents' | 'calendar.importTooManySeries',
        ) => new AppError(413, 'FILE_TOO_LARGE', messages[key], { file: messages[key] });
        const { text } = await readUploadText(request, {
          notMultipart: new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages['request.unsupportedMediaType']),
          missing: fileError('calendar.fileInvalid'),
          tooLarge: tooLarge('calendar.fileTooLarge'),
        });
        const user = userOf(request);
        const slicer = new WorkSlicer();
        let parsed;
        try {
          parsed = await readIcs(text, user.time_zone, slicer);
        } catch (error) {
          if (error instanceof NotICalendar) throw fileError('calendar.fileInvalid');
          if (error instanceof ImportTooLarge) throw tooLarge(error.key);
          throw error;
        }
        const result = await calendarImport.importEvents(user.id, parsed.events, slicer);
        const skipped = [
          ...parsed.skipped,
          ...result.overLimit.map((event) => ({
            uid: event.uid,
            summary: event.title,
            reason: 'calendar.skip.eventsLimit' as const,
          })),
        ];
        if (result.imported + result.updated + result.unchanged === 0) {
          // Nothing importable: 400, saying why the first event was skipped.
          const why = skipped[0] ? messages[skipped[0].reason] : messages['calendar.fileEmpty'];
          throw new AppError(400, 'VALIDATION_ERROR', messages['calendar.fileEmpty'], { file: why });
        }
        return reply.code(201).send({
          imported: result.imported,
          updated: result.updated,
          unchanged: result.unchanged,
          skipped: skipped.slice(0, IMPORT_SKIPPED_LISTED_MAX),
          skippedCount: skipped.length,
        });
      },
    });
  });
}

/** The secret feed: no sign-in, the address is the key (calendar apps cannot send a token). */
export function calendarFeedRoutes(app: FastifyInstance, context: AppContext): void {
  const { calendarFeeds } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/calender/feed/:token.ics', {
    schema: {
      ...common,
      summary: 'My calendar as iCalendar (RFC 5545), for Google Calendar, Apple Calendar or Thunderbird',
      params: feedParams,
      response: { 200: z.string().describe('text/calendar'), 404: errorBody },
    },
    handler: async (request, reply) => {
      const owner = await calendarFeeds.ownerOf(request.params.token);
      if (!owner) throw notFound();
      const [rows, meetings] = await Promise.all([
        calendarFeeds.feedRows(owner.id),
        calendarFeeds.feedMeetings(owner.id),
      ]);
      const [exceptions, people] = await Promise.all([
        calendarFeeds.exceptionsOf(rows.filter((row) => row.recurrence).map((row) => row.id)),
        calendarFeeds.feedPeople(rows),
      ]);
      // Streamed, written a slice at a time so that thousands of events never hold the event loop;
      // short slices, as on a busy machine a slice lasts several times the work done in it.
      const name = `Cadence — ${owner.full_name || owner.username}`;
      const text = feedChunks(name, rows, meetings, exceptions, people, new WorkSlicer(5));
      // The schema's string is the body's content; a stream is sent as it is, never serialized.
      return (reply as FastifyReply)
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', 'inline; filename="cadence.ics"')
        .send(Readable.from(text));
    },
  });
}
