/**
 * The three calendar collections of a user (D43) over the calendar's and the to-dos' services:
 * `events` (the events they own, read-write), `shared` (the events they are a guest of,
 * read-only) and `tasks` (their to-dos as VTODO, read-write). Each member is a resource named by
 * its client (the name it was PUT under) or by us (`<id>.ics`), with an ETag made of the list
 * version at its last change and its last write: it changes whenever its iCalendar text does.
 */
import type { Db } from '../../db';
import { davNameOf, davVersions, listVersion } from '../../lib/list-versions';
import type { CalendarService } from '../calendar/service';
import { feedOf } from '../calendar/ics';
import type { EventRow } from '../calendar/presenter';
import type { TodoRow } from '../todos/presenter';
import type { TodosService } from '../todos/service';
import type { Task } from '@cadence/contract';
import { vtodoOf } from './vtodo';

export const collectionNames = ['events', 'shared', 'tasks'] as const;
export type CollectionName = (typeof collectionNames)[number];

export const isCollectionName = (name: string): name is CollectionName =>
  (collectionNames as readonly string[]).includes(name);

/** The versioned list a collection's changes are counted in. */
export const listOf = (collection: CollectionName) => (collection === 'tasks' ? 'todos' : 'calendar');

export type Member =
  | { kind: 'event'; id: number; name: string; etag: string; row: EventRow }
  | { kind: 'task'; id: number; name: string; etag: string; row: TodoRow; task: Task };

/** Which members to read: all, these ids, or (events) those whose series meets [from, to). */
export interface Selection {
  ids?: number[];
  from?: string;
  to?: string;
}

const etagOf = (version: number | undefined, updatedAt: string) =>
  `"${version ?? 0}-${Date.parse(updatedAt).toString(36)}"`;

export class DavCollections {
  constructor(private readonly deps: { db: Db; calendar: CalendarService; todos: TodosService }) {}

  /** The list version the collection's sync token and CTag are. */
  version(userId: number, collection: CollectionName): Promise<number> {
    return listVersion(this.deps.db, userId, listOf(collection));
  }

  async members(userId: number, collection: CollectionName, selection: Selection = {}): Promise<Member[]> {
    const { db, calendar, todos } = this.deps;
    if (collection === 'tasks') {
      const found = await todos.davTasks(userId, selection.ids);
      const versions = await davVersions(
        db,
        userId,
        'todos',
        found.map(({ row }) => row.id),
      );
      return found.map(({ row, task }) => ({
        kind: 'task',
        id: row.id,
        name: davNameOf(row),
        etag: etagOf(versions.get(row.id), row.updated_at),
        row,
        task,
      }));
    }
    const rows = await calendar.davEvents(userId, collection, selection);
    const versions = await davVersions(
      db,
      userId,
      'calendar',
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      kind: 'event',
      id: row.id,
      name: davNameOf(row),
      etag: etagOf(versions.get(row.id), row.updated_at),
      row,
    }));
  }

  /** The member under this resource name, if any. */
  async named(userId: number, collection: CollectionName, name: string): Promise<Member | undefined> {
    const { calendar, todos } = this.deps;
    let id: number | undefined;
    if (collection === 'tasks') id = (await todos.davTaskNamed(userId, name))?.id;
    else if (collection === 'events') id = (await calendar.davEventNamed(userId, name))?.id;
    else {
      // A guest's copy is named as its owner named it.
      const numeric = /^(\d{1,9})\.ics$/.exec(name)?.[1];
      const guestOf = await calendar.davEvents(userId, 'shared');
      id = guestOf.find(
        (row) => row.dav_name === name || (row.dav_name === null && String(row.id) === numeric),
      )?.id;
    }
    if (id === undefined) return undefined;
    return (await this.members(userId, collection, { ids: [id] }))[0];
  }

  /** The iCalendar text of each member, by id: one VCALENDAR per resource. */
  async data(members: Member[]): Promise<Map<number, string>> {
    const texts = new Map<number, string>();
    const events = members.flatMap((member) => (member.kind === 'event' ? [member.row] : []));
    if (events.length > 0) {
      const exceptions = await this.deps.calendar.exceptionsOf(
        events.filter((row) => row.recurrence).map((row) => row.id),
      );
      const people = await this.deps.calendar.feedPeople(events);
      for (const row of events) {
        texts.set(row.id, feedOf('', [row], [], exceptions, people));
      }
    }
    for (const member of members) {
      if (member.kind === 'task') texts.set(member.id, vtodoOf(member.row, member.task));
    }
    return texts;
  }
}
