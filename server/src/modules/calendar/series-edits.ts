/**
 * The changes of a repeating event by scope (D39): the whole series, one occurrence alone (an
 * override), or an occurrence and the later ones (a new series, the old one ending before it).
 * CalendarService opens the transaction and locks the event; these write in it.
 */
import { type CalendarEvent, messages, type UpdateEventInput } from '@cadence/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { badRequest } from '../../errors';
import { bumpListVersions } from '../../lib/list-versions';
import { makesOccurrence, occurrencesIn, remainingRule, ruleEndingBefore } from '../../lib/occurrences';
import { iso, lastStartAt, rewriteEntries, seriesOf } from './entries';
import {
  type CalendarDeps,
  checkRule,
  guestsOf,
  insertEvent,
  mailGuests,
  now,
  overrideFields,
  peopleOf,
  presentWith,
  resolveGuests,
  timesOf,
  touched,
  writeGuests,
} from './event-writes';
import { EXCEPTIONS_MAX, type ExceptionRow, exceptionsOf } from './exceptions';
import type { EventRow } from './presenter';

/** An occurrence a scoped change or delete names (D39). */
export interface OccurrenceTarget {
  scope: 'this' | 'following';
  occurrence: number;
  exceptions: ExceptionRow[];
}

export const exceptionsFull = () =>
  badRequest('VALIDATION_ERROR', 'calendar.exceptionsLimit', {
    occurrence: messages['calendar.exceptionsLimit'],
  });

/** The whole series changes; the overrides whose original starts the new series still makes stay. */
export async function updateSeries(
  deps: CalendarDeps,
  trx: Db,
  userId: number,
  timeZone: string,
  event: EventRow,
  input: UpdateEventInput,
): Promise<CalendarEvent> {
  const id = event.id;
  const allDay = input.allDay ?? bool(event.all_day);
  const times = timesOf(
    input.start ?? (input.allDay === undefined ? event.start_at : event.start_at.slice(0, 10)),
    input.end ?? (input.allDay === undefined ? event.end_at : event.end_at.slice(0, 10)),
    allDay,
  );
  const recurrence = input.recurrence !== undefined ? input.recurrence : event.recurrence;
  checkRule(times, timeZone, recurrence);
  const lastStart = await lastStartAt({ ...times, timeZone, recurrence });
  const before = await guestsOf(trx, id);
  let guests = before;
  if (input.guests !== undefined || input.groups !== undefined) {
    guests = await resolveGuests(trx, userId, input.guests ?? [], input.groups ?? []);
    await writeGuests(trx, id, guests);
  }
  await trx
    .updateTable('events')
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.location !== undefined ? { location: input.location } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.reminder !== undefined ? { reminder: input.reminder } : {}),
      all_day: times.allDay,
      start_at: iso(times.start),
      end_at: iso(times.end),
      time_zone: timeZone,
      recurrence,
      last_start_at: lastStart,
      sequence: event.sequence + 1,
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
  const row = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  // Overrides and exclusions of occurrences the series no longer makes go.
  const series = seriesOf(row);
  const gone = ((await exceptionsOf(trx, [id])).get(id) ?? []).filter(
    (exception) =>
      !recurrence ||
      (exception.kind !== 'addition' && !makesOccurrence(series, Date.parse(exception.occurrence_at))),
  );
  for (const exception of gone) {
    await trx
      .deleteFrom('event_exceptions')
      .where('event_id', '=', id)
      .where('occurrence_at', '=', exception.occurrence_at)
      .execute();
  }
  await rewriteEntries(trx, row, [userId, ...guests]);
  await deps.reminders.syncEvent(trx, id);
  await bumpListVersions(
    trx,
    [userId, ...before, ...guests],
    'calendar',
    { live: deps.live, actor: userId },
    [row],
  );
  const retimed =
    row.start_at !== event.start_at ||
    row.end_at !== event.end_at ||
    bool(row.all_day) !== bool(event.all_day) ||
    row.recurrence !== event.recurrence;
  const kept = new Set(before);
  await mailGuests(deps, trx, row, guests, {
    invited: guests.filter((guest) => !kept.has(guest)),
    changed: retimed ? guests.filter((guest) => kept.has(guest)) : [],
    cancelled: before.filter((guest) => !guests.includes(guest)),
  });
  const people = await peopleOf(trx, [row]);
  return presentWith(row, people, userId);
}

/** One occurrence changed alone: its override made or changed (guests and rule stay the series'). */
export async function overrideOccurrence(
  deps: CalendarDeps,
  trx: Db,
  userId: number,
  event: EventRow,
  target: OccurrenceTarget,
  input: UpdateEventInput,
): Promise<CalendarEvent> {
  if (input.guests !== undefined || input.groups !== undefined || input.recurrence !== undefined) {
    throw badRequest('VALIDATION_ERROR', 'calendar.scopeFieldsInvalid', {
      scope: messages['calendar.scopeFieldsInvalid'],
    });
  }
  const mine = target.exceptions.find((row) => Date.parse(row.occurrence_at) === target.occurrence);
  if (!mine && target.exceptions.length >= EXCEPTIONS_MAX) throw exceptionsFull();
  const current = {
    title: mine?.title ?? event.title,
    description: mine?.description ?? event.description,
    url: mine?.url ?? event.url,
    location: mine?.location ?? event.location,
    category: mine?.category ?? event.category,
    reminder: mine ? mine.reminder : event.reminder,
    allDay: mine ? bool(mine.all_day ?? false) : bool(event.all_day),
    start: mine ? mine.start_at! : iso(target.occurrence),
    end: mine ? mine.end_at! : iso(target.occurrence + Date.parse(event.end_at) - Date.parse(event.start_at)),
  };
  const allDay = input.allDay ?? current.allDay;
  const times = timesOf(
    input.start ?? (input.allDay === undefined ? current.start : current.start.slice(0, 10)),
    input.end ?? (input.allDay === undefined ? current.end : current.end.slice(0, 10)),
    allDay,
  );
  const at = now();
  const occurrenceAt = iso(target.occurrence);
  await trx
    .deleteFrom('event_exceptions')
    .where('event_id', '=', event.id)
    .where('occurrence_at', '=', occurrenceAt)
    .execute();
  await trx
    .insertInto('event_exceptions')
    .values({
      event_id: event.id,
      occurrence_at: occurrenceAt,
      kind: 'override',
      title: input.title ?? current.title,
      description: input.description ?? current.description,
      url: input.url ?? current.url,
      location: input.location ?? current.location,
      category: input.category ?? current.category,
      reminder: input.reminder !== undefined ? input.reminder : current.reminder,
      all_day: times.allDay,
      start_at: iso(times.start),
      end_at: iso(times.end),
      created_at: mine?.created_at ?? at,
      updated_at: at,
    })
    .execute();
  const row = await touched(trx, event);
  const guests = await guestsOf(trx, event.id);
  await rewriteEntries(trx, row, [userId, ...guests]);
  await deps.reminders.syncEvent(trx, event.id);
  await bumpListVersions(trx, [userId, ...guests], 'calendar', { live: deps.live, actor: userId }, [row]);
  if (
    iso(times.start) !== current.start ||
    iso(times.end) !== current.end ||
    times.allDay !== current.allDay
  ) {
    await mailGuests(deps, trx, row, guests, { changed: guests }, { start: iso(times.start), allDay });
  }
  const people = await peopleOf(trx, [row]);
  const override = (await exceptionsOf(trx, [event.id]))
    .get(event.id)!
    .find((exception) => exception.occurrence_at === occurrenceAt)!;
  return { ...presentWith(row, people, userId), ...overrideFields(override) };
}

/**
 * That occurrence and the later ones become a new series (new id and UID) with the change; the
 * old one ends before it. The overrides from that occurrence on move to the new series when its
 * times are unchanged, and go otherwise.
 */
export async function splitSeries(
  deps: CalendarDeps,
  trx: Db,
  userId: number,
  timeZone: string,
  event: EventRow,
  target: OccurrenceTarget,
  input: UpdateEventInput,
): Promise<CalendarEvent> {
  const old = seriesOf(event);
  const duration = old.end - old.start;
  const before = occurrencesIn(
    { ...old, exceptions: undefined },
    old.start,
    target.occurrence,
    old.timeZone,
    1001,
  );
  const allDay = input.allDay ?? old.allDay;
  const first = iso(target.occurrence);
  const times = timesOf(
    input.start ?? (input.allDay === undefined ? first : first.slice(0, 10)),
    input.end ??
      (input.allDay === undefined
        ? iso(target.occurrence + duration)
        : iso(target.occurrence + duration).slice(0, 10)),
    allDay,
  );
  const recurrence =
    input.recurrence !== undefined ? input.recurrence : remainingRule(event.recurrence!, before.length);
  checkRule(times, timeZone, recurrence);
  const [guestsBefore, lastStart] = await Promise.all([
    guestsOf(trx, event.id),
    lastStartAt({ ...times, timeZone, recurrence }),
  ]);
  const guests =
    input.guests !== undefined || input.groups !== undefined
      ? await resolveGuests(trx, userId, input.guests ?? [], input.groups ?? [])
      : guestsBefore;
  await endSeriesBefore(trx, event, target.occurrence);
  const row = await insertEvent(deps, trx, userId, guests, lastStart, {
    title: input.title ?? event.title,
    description: input.description ?? event.description,
    url: input.url ?? event.url,
    location: input.location ?? event.location,
    category: input.category ?? event.category,
    reminder: input.reminder !== undefined ? input.reminder : event.reminder,
    ...times,
    timeZone,
    recurrence,
    uid: `${randomUUID()}@cadence`,
  });
  const retimed =
    input.start !== undefined ||
    input.end !== undefined ||
    input.allDay !== undefined ||
    input.recurrence !== undefined;
  // The exceptions from that occurrence on: the new series' when its times are the same.
  const from = iso(target.occurrence);
  if (retimed || !recurrence) {
    await trx
      .deleteFrom('event_exceptions')
      .where('event_id', '=', event.id)
      .where('occurrence_at', '>=', from)
      .execute();
  } else {
    await trx
      .updateTable('event_exceptions')
      .set({ event_id: row.id })
      .where('event_id', '=', event.id)
      .where('occurrence_at', '>=', from)
      .execute();
  }
  const oldRow = await trx
    .selectFrom('events')
    .selectAll()
    .where('id', '=', event.id)
    .executeTakeFirstOrThrow();
  await rewriteEntries(trx, oldRow, [userId, ...guestsBefore]);
  await rewriteEntries(trx, row, [userId, ...guests]);
  await deps.reminders.syncEvent(trx, event.id);
  await deps.reminders.syncEvent(trx, row.id);
  await bumpListVersions(
    trx,
    [userId, ...guestsBefore, ...guests],
    'calendar',
    { live: deps.live, actor: userId },
    [oldRow, row],
  );
  // The old series now ends earlier; the following occurrences are a new event (a new UID).
  await mailGuests(deps, trx, oldRow, guestsBefore, { changed: guestsBefore });
  await mailGuests(deps, trx, row, guests, { invited: guests });
  const people = await peopleOf(trx, [row]);
  return presentWith(row, people, userId);
}

/** "This and following": the series ends before `occurrence` (its SEQUENCE moves on). */
export async function endSeriesBefore(trx: Db, event: EventRow, occurrence: number): Promise<void> {
  const series = seriesOf(event);
  const ended = ruleEndingBefore(event.recurrence!, occurrence, series.allDay);
  await trx
    .updateTable('events')
    .set({
      recurrence: ended,
      last_start_at: await lastStartAt({ ...series, recurrence: ended }),
      sequence: event.sequence + 1,
      updated_at: now(),
    })
    .where('id', '=', event.id)
    .execute();
}
