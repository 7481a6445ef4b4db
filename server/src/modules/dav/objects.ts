/**
 * One calendar object at a time: GET/HEAD, PUT (with If-Match / If-None-Match) and DELETE, a write
 * going through the calendar's and the to-dos' services as a write from the app does.
 */
import { createTaskInput, messages, type Task, updateTaskInput } from '@cadence/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { afterCommit } from '../../db/transaction';
import { davNameOf } from '../../lib/list-versions';
import { WorkSlicer } from '../../lib/work-slicer';
import type { TodoRow } from '../todos/presenter';
import type { DavUser } from '../auth/app-passwords';
import { readIcs } from '../calendar/ics-import';
import { ImportTooLarge, NotICalendar } from '../calendar/ics-limits';
import type { CollectionName, Member } from './collections';
import { DavRefusal, type Target } from './http';
import { paths } from './properties';
import { eventFieldsOf, todoFieldsOf } from './kept';
import { parseIcalText } from './ical-text';
import { NotVtodo, readVtodo, todoUid } from './vtodo';
import { CALDAV, d, DAV, escapeXml } from './xml';

/** The value as the schema reads it, or 400 in the D10 shape naming each field that is wrong. */
function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw new AppError(
    400,
    'VALIDATION_ERROR',
    Object.values(fields)[0] ?? messages['dav.notCalendar'],
    fields,
  );
}

/**
 * A client's text as it is kept: CRLF line ends (RFC 5545 §3.1), a final one, no byte order mark.
 * Anything else is kept as sent.
 */
function storedForm(text: string): string {
  const body = (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n|\r|\n/g, '\r\n');
  return body.endsWith('\r\n') ? body : `${body}\r\n`;
}

/** The handlers of GET (and HEAD), PUT and DELETE. */
export function objectHandlers(context: AppContext) {
  const { calendar, davEvents, todos } = context.services;
  const collections = context.services.davCollections;

  /**
   * The services tell the others a write concerns (D45); the one who made it over CalDAV has the
   * web app open elsewhere, so their own pages are told too, once the write is committed.
   */
  function changedHere(user: DavUser, collection: CollectionName) {
    afterCommit(context.database.db, () =>
      context.services.live.publish([user.id], {
        type: collection === 'tasks' ? 'todos' : 'calendar',
        data: {},
      }),
    );
  }

  async function get(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    if (target.kind !== 'member') {
      // A collection read as a page: say what it is.
      return reply.code(200).header('content-type', 'text/plain; charset=utf-8').send('Cadence CalDAV\n');
    }
    const member = await collections.named(user.id, target.collection, target.name);
    if (!member) throw notFound();
    const text = (await collections.data([member], target.collection)).get(member.id)!;
    void reply.header('etag', member.etag).header('content-type', 'text/calendar; charset=utf-8');
    if (request.headers['if-none-match'] === member.etag) return reply.code(304).send();
    return reply.code(200).send(request.method === 'HEAD' ? undefined : text);
  }

  /** 412 when the request's If-Match / If-None-Match do not hold for the resource as it is. */
  function checkPreconditions(request: FastifyRequest, member: Member | undefined) {
    const ifMatch = request.headers['if-match'];
    const ifNoneMatch = request.headers['if-none-match'];
    const failed =
      (ifMatch !== undefined &&
        (!member ||
          (ifMatch.trim() !== '*' &&
            !ifMatch
              .split(',')
              .map((t) => t.trim())
              .includes(member.etag)))) ||
      (ifNoneMatch !== undefined &&
        member !== undefined &&
        (ifNoneMatch.trim() === '*' ||
          ifNoneMatch
            .split(',')
            .map((t) => t.trim())
            .includes(member.etag)));
    if (failed) throw new AppError(412, 'PRECONDITION_FAILED', messages['dav.preconditionFailed']);
  }

  const invalid = (reason: string) =>
    new DavRefusal(403, { ns: CALDAV, name: 'valid-calendar-data' }, reason);

  async function put(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    if (target.kind !== 'member') throw new AppError(405, 'METHOD_NOT_ALLOWED', messages['request.bad']);
    if (target.collection === 'shared')
      throw new DavRefusal(403, { ns: DAV, name: 'need-privileges' }, messages['dav.readOnly']);
    const type = String(request.headers['content-type'] ?? '');
    if (!/^text\/calendar\b/i.test(type)) {
      throw new DavRefusal(415, { ns: CALDAV, name: 'supported-calendar-data' }, messages['dav.notCalendar']);
    }
    const sent = typeof request.body === 'string' ? request.body : '';
    const text = storedForm(sent);
    const existing = await collections.named(user.id, target.collection, target.name);
    checkPreconditions(request, existing);
    try {
      parseIcalText(text);
    } catch {
      throw invalid(messages['dav.notCalendar']);
    }
    const wrongComponent = (key: 'dav.wrongComponent' | 'dav.wrongTodoComponent') =>
      new DavRefusal(403, { ns: CALDAV, name: 'supported-calendar-component' }, messages[key]);
    const uidConflict = (name: string) =>
      new DavRefusal(
        409,
        { ns: CALDAV, name: 'no-uid-conflict' },
        messages['dav.uidTaken'],
        d('href', escapeXml(paths.member(user.id, target.collection, name))),
      );

    let id: number;
    if (target.collection === 'events') {
      if (/^BEGIN:VTODO/im.test(text) && !/^BEGIN:VEVENT/im.test(text))
        throw wrongComponent('dav.wrongComponent');
      let parsed;
      try {
        parsed = await readIcs(text, user.timeZone, new WorkSlicer());
      } catch (error) {
        if (error instanceof NotICalendar || error instanceof ImportTooLarge)
          throw invalid(messages['dav.notCalendar']);
        throw error;
      }
      if (parsed.events.length !== 1) {
        const skipped = parsed.skipped[0];
        // A journal entry alone is, like a to-do, a component this collection does not hold.
        if (parsed.events.length === 0 && skipped?.reason === 'calendar.skip.notEvent')
          throw wrongComponent('dav.wrongComponent');
        throw invalid(
          parsed.events.length > 1
            ? messages['dav.oneObject']
            : skipped
              ? messages[skipped.reason]
              : messages['dav.notCalendar'],
        );
      }
      const event = parsed.events[0]!;
      if (!event.uid) throw invalid(messages['dav.noUid']);
      const other = await davEvents.uidTaken(user.id, event.uid, existing?.id);
      if (other !== undefined) throw uidConflict(other);
      const row = await davEvents.putDavEvent(
        user.id,
        event,
        existing ? { id: existing.id } : { name: target.name },
        {
          text,
          fieldsOf: (stored, exceptions) => JSON.stringify(eventFieldsOf(stored, exceptions)),
        },
      );
      id = row.id;
    } else {
      if (/^BEGIN:VEVENT/im.test(text) && !/^BEGIN:VTODO/im.test(text))
        throw wrongComponent('dav.wrongTodoComponent');
      const known = new Map(
        (await context.services.tags.list(user.id)).data.map((tag) => [tag.name.toLowerCase(), tag.name]),
      );
      let read;
      try {
        read = readVtodo(text, user.timeZone, (name) => known.get(name.toLowerCase()));
      } catch (error) {
        if (error instanceof NotVtodo) throw invalid(messages[error.reason]);
        throw error;
      }
      if (existing?.kind === 'task' && todoUid(existing.row) !== read.uid) throw uidConflict(existing.name);
      const other = await todos.davTaskWithUid(user.id, read.uid, existing?.id);
      if (other) throw uidConflict(davNameOf(other));
      const { assignee: _assignee, groups: _groups, isCompleted, ...fields } = read.input;
      const dav = {
        text,
        repeatRule: read.repeatRule,
        completedAt: read.completedAt,
        fieldsOf: (row: TodoRow, task: Task) => JSON.stringify(todoFieldsOf(row, task, user.timeZone)),
      };
      if (existing) {
        await todos.update(user.id, existing.id, checked(updateTaskInput, { ...fields, isCompleted }), dav);
        id = existing.id;
      } else {
        const created = await todos.create(user.id, checked(createTaskInput, fields), {
          ...dav,
          uid: read.uid,
          name: target.name,
        });
        id = Number(created._id);
        if (isCompleted) await todos.update(user.id, id, { isCompleted: true }, dav);
      }
    }
    // An ETag only for an object stored byte for byte as sent (RFC 4791 §5.3.4): otherwise the
    // client reads back what was kept.
    const stored = (await collections.members(user.id, target.collection, { ids: [id] }))[0];
    if (stored && text === sent) void reply.header('etag', stored.etag);
    changedHere(user, target.collection);
    return reply.code(existing ? 204 : 201).send();
  }

  async function remove(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    if (target.kind !== 'member') throw new AppError(403, 'FORBIDDEN', messages['request.forbidden']);
    if (target.collection === 'shared') throw new AppError(403, 'READ_ONLY', messages['dav.readOnly']);
    const member = await collections.named(user.id, target.collection, target.name);
    if (!member) throw notFound();
    checkPreconditions(request, member);
    if (member.kind === 'task') await todos.remove(user.id, member.id);
    else await calendar.remove(user.id, member.id);
    changedHere(user, target.collection);
    return reply.code(204).send();
  }

  return { get, put, remove };
}
