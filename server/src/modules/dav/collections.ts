/**
 * The three calendar collections of a user (D43) over the calendar's and the to-dos' services:
 * `events` (the events they own, read-write), `shared` (the events they are a guest of,
 * read-only) and `tasks` (their to-dos as VTODO, read-write). Each member is a resource named by
 * its client (the name it was PUT under) or by us (`<id>.ics`), with an ETag made of the list
 * version at its last change and its last write: it changes whenever its iCalendar text does.
 */
import type { Db } from '../../db';
import { davNameOf, davVersions, listVersion } from '../../lib/list-versions';
import { turn } from '../../lib/work-slicer';
import type { DavEvents } from '../calendar/dav-events';
import type { CalendarFeedService } from '../calendar/feed';
import { eventObjectText } from '../calendar/ics';
import type { EventRow } from '../calendar/presenter';
import type { TodoRow } from '../todos/presenter';
import type { TodosService } from '../todos/service';
import { type DeviceCalendarCollection, isDeviceCalendarCollection, type Task } from '@cadence/contract';
import { changedSinceKept, keptEventText, keptTodoText } from './kept';
import { vtodoOf } from './vtodo';

export type CollectionName = DeviceCalendarCollection;
export const isCollectionName = isDeviceCalendarCollection;

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

/** How many members are read at once: a page's rows, texts included, are read in a few ms. */
const PAGE = 200;
/** To-dos come with their tags and people, read with them: fewer at once. */
const TASK_PAGE = 200;

/** The name and colour a user gave a collection (D49); null: ours. */
export interface CollectionSettings {
  displayName?: string | null;
  color?: string | null;
}

const etagOf = (version: number | undefined, updatedAt: string) =>
  `"${version ?? 0}-${Date.parse(updatedAt).toString(36)}"`;

export class DavCollections {
  constructor(
    private readonly deps: {
      db: Db;
      calendar: DavEvents;
      feeds: Pick<CalendarFeedService, 'exceptionsOf' | 'feedPeople'>;
      todos: TodosService;
    },
  ) {}

  /** The list version the collection's sync token and CTag are. */
  version(userId: number, collection: CollectionName): Promise<number> {
    return listVersion(this.deps.db, userId, listOf(collection));
  }

  /** The names and colours the user set, by collection. */
  async settings(userId: number): Promise<Map<CollectionName, CollectionSettings>> {
    const rows = await this.deps.db
      .selectFrom('dav_collections')
      .select(['collection', 'display_name', 'color'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((row) => [row.collection, { displayName: row.display_name, color: row.color }]));
  }

  async setSettings(userId: number, collection: CollectionName, update: CollectionSettings): Promise<void> {
    const values = {
      ...(update.displayName !== undefined ? { display_name: update.displayName } : {}),
      ...(update.color !== undefined ? { color: update.color } : {}),
      updated_at: new Date().toISOString(),
    };
    await this.deps.db
      .insertInto('dav_collections')
      .values({ user_id: userId, collection, display_name: null, color: null, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'collection']).doUpdateSet(values))
      .execute();
  }

  async members(userId: number, collection: CollectionName, selection: Selection = {}): Promise<Member[]> {
    if (collection === 'tasks') return this.taskMembers(userId, selection.ids);
    return this.eventMembers(userId, collection, selection);
  }

  private async taskMembers(
    userId: number,
    ids?: number[],
    page?: { after: number; limit: number },
  ): Promise<Member[]> {
    const { db, todos } = this.deps;
    const found = await todos.davTasks(userId, ids, page);
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

  private async eventMembers(
    userId: number,
    collection: 'events' | 'shared',
    selection: Selection & { after?: number; limit?: number },
  ): Promise<Member[]> {
    const { db, calendar } = this.deps;
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

  /**
   * The members a page at a time, by id, so that a collection of tens of thousands is never read
   * (nor answered) in one stretch.
   */
  async *pages(
    userId: number,
    collection: CollectionName,
    selection: Selection = {},
  ): AsyncGenerator<Member[]> {
    const { ids } = selection;
    if (ids) {
      for (let at = 0; at < ids.length; at += PAGE) {
        await turn();
        yield await this.members(userId, collection, { ...selection, ids: ids.slice(at, at + PAGE) });
      }
      return;
    }
    let after = 0;
    for (;;) {
      // A turn of the event loop before each read: on SQLite a read answers at once, and the
      // reads and the answers written between them would otherwise be one stretch of work.
      await turn();
      const page =
        collection === 'tasks'
          ? await this.taskMembers(userId, undefined, { after, limit: TASK_PAGE })
          : await this.eventMembers(userId, collection, { ...selection, after, limit: PAGE });
      if (page.length > 0) yield page;
      if (page.length < (collection === 'tasks' ? TASK_PAGE : PAGE)) return;
      after = page[page.length - 1]!.id;
    }
  }

  /** The ids of the members under these resource names, read a page of names at a time. */
  async idsNamed(userId: number, collection: CollectionName, names: string[]): Promise<number[]> {
    if (collection === 'shared') {
      const wanted = new Set(names);
      return (await this.deps.calendar.davEvents(userId, 'shared'))
        .filter((row) => wanted.has(davNameOf(row)))
        .map((row) => row.id);
    }
    const ids: number[] = [];
    for (let at = 0; at < names.length; at += PAGE) {
      await turn();
      const part = names.slice(at, at + PAGE);
      ids.push(
        ...(collection === 'events'
          ? await this.deps.calendar.davEventIdsNamed(userId, part)
          : await this.deps.todos.davTaskIdsNamed(userId, part)),
      );
    }
    return ids.sort((a, b) => a - b);
  }

  /** The member under this resource name, if any. */
  async named(userId: number, collection: CollectionName, name: string): Promise<Member | undefined> {
    const { calendar, todos } = this.deps;
    let id: number | undefined;
    if (collection === 'tasks') id = (await todos.davTaskNamed(userId, name))?.id;
    else if (collection === 'events') id = (await calendar.davEventNamed(userId, name))?.id;
    else {
      // A guest's copy is named as its owner named it.
      const guestOf = await calendar.davEvents(userId, 'shared');
      id = guestOf.find((row) => davNameOf(row) === name)?.id;
    }
    if (id === undefined) return undefined;
    return (await this.members(userId, collection, { ids: [id] }))[0];
  }

  /**
   * The iCalendar text of each member, by id: one VCALENDAR per resource. An object a client wrote
   * is its kept text, with the app's changes since written in (D49); the events of the `shared`
   * collection are written as the app shows them to a guest, whoever made them.
   */
  async data(members: Member[], collection: CollectionName): Promise<Map<number, string>> {
    const texts = new Map<number, string>();
    const events = members.flatMap((member) => (member.kind === 'event' ? [member.row] : []));
    const kept = collection === 'events' ? events.filter((row) => row.dav_text !== null) : [];
    const written = collection === 'events' ? events.filter((row) => row.dav_text === null) : events;
    const changed = kept.filter(changedSinceKept);
    const exceptions = await this.deps.feeds.exceptionsOf([
      ...written.filter((row) => row.recurrence).map((row) => row.id),
      ...changed.map((row) => row.id),
    ]);
    for (const row of kept)
      texts.set(
        row.id,
        keptOrAsIs(row.dav_text!, () => keptEventText(row, exceptions.get(row.id))),
      );
    if (written.length > 0) {
      const people = await this.deps.feeds.feedPeople(written);
      for (const row of written)
        texts.set(
          row.id,
          eventObjectText(row, row.recurrence ? (exceptions.get(row.id) ?? []) : [], people.get(row.id)),
        );
    }
    for (const member of members) {
      if (member.kind !== 'task') continue;
      const { row, task } = member;
      texts.set(
        member.id,
        row.dav_text === null ? vtodoOf(row, task) : keptOrAsIs(row.dav_text, () => keptTodoText(row, task)),
      );
    }
    return texts;
  }
}

/** The merged text; the kept one as it is should the merge fail on a text the reader took. */
function keptOrAsIs(text: string, merged: () => string): string {
  try {
    return merged();
  } catch {
    return text;
  }
}
