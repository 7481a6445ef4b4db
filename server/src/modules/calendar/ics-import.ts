/**
 * Reading an iCalendar file someone else wrote (D40, D41): its two passes, each event read alone,
 * then each instance that changes an occurrence joined to its series.
 */
import { DateTime } from 'luxon';
import type { ImportSkipReason } from '@cadence/contract';
import type { WorkSlicer } from '../../lib/work-slicer';
import { EXCEPTIONS_MAX } from './exceptions';
import { lastStartOf, occurrencesIn, remainingRule, ruleEndingBefore, walked } from '../../lib/occurrences';
import {
  type Context,
  type ImportedEvent,
  type ImportedException,
  type InstanceOf,
  readEvent,
} from './ics-event';
import { type ImportSkip, RULE_WORK_BUDGET, Skip } from './ics-limits';
import { type IcsText, type RawComponent, survey, walk } from './ics-scan';
import { ianaZoneOf, Zones } from './ics-zones';

/** An instance that overrides one occurrence (RECURRENCE-ID), waiting for its series. */
interface Instance extends InstanceOf {
  event: ImportedEvent;
  raw: RawComponent;
}

/**
 * The file's events, and what was skipped and why. Throws NotICalendar for a file that is not
 * iCalendar, ImportTooLarge past the limits.
 *
 * Read under budgets (ics-limits.ts): the file is cut into its components by a scanner of our own
 * that counts as it goes (at most 20,000 events and 2,000 repeating ones: ImportTooLarge beyond),
 * each component is parsed alone by ical.js (at most 1 MB each), and the event loop turns every
 * few milliseconds. A component that cannot be read is skipped with a reason; the rest of the file
 * still comes in.
 */
export async function readIcs(
  text: IcsText,
  importerZone: string,
  slicer: WorkSlicer,
): Promise<{ events: ImportedEvent[]; skipped: ImportSkip[] }> {
  // A byte order mark (Outlook, some Windows tools) is not part of the first line.
  if (typeof text === 'string') {
    if (text.startsWith('\uFEFF')) text = text.slice(1);
  } else if (text[0]?.startsWith('\uFEFF')) text = [text[0].slice(1), ...text.slice(1)];
  const surveyed = await survey(text, slicer);
  const calendarZone = surveyed.calendarZone ? ianaZoneOf(surveyed.calendarZone) : null;
  const context: Context = {
    zones: new Zones(surveyed.zones, importerZone),
    floatingZone: calendarZone ?? importerZone,
    importerZone,
  };
  const events: ImportedEvent[] = [];
  const instances: Instance[] = [];
  const skipped: ImportSkip[] = [];
  let ruleWork = 0;
  // The second pass reads each event as it is met, keeping only what it becomes.
  for await (const found of walk(text, slicer, true)) {
    if (!('component' in found)) continue;
    const raw = found.component;
    const skip = (reason: ImportSkipReason) => skipped.push({ uid: raw.uid, summary: raw.summary, reason });
    // A calendar holds events only: a file's to-dos and journal entries are said to be left out.
    if (raw.name === 'VTODO' || raw.name === 'VJOURNAL') skip('calendar.skip.notEvent');
    if (raw.name !== 'VEVENT') continue;
    await slicer.pause();
    if (raw.tooLarge) {
      skip('calendar.skip.tooLarge');
      continue;
    }
    try {
      const started = walked.work;
      const read = readEvent(raw, context, ruleWork > RULE_WORK_BUDGET);
      if (read.instance) {
        instances.push({ ...read.instance, event: read.event, raw });
        continue;
      }
      const { event } = read;
      // A rule with COUNT is counted out to its last start now, within the same budget.
      if (event.recurrence) event.lastStart = await lastStartOf(event, slicer);
      ruleWork += walked.work - started;
      if (!read.cancelled) events.push(event);
    } catch (error) {
      skip(error instanceof Skip ? error.reason : 'calendar.skip.unreadable');
    }
  }
  await attachInstances(events, instances, skipped, slicer);
  return { events, skipped };
}

/**
 * Each instance that changes one occurrence joins its series (the file's event with its UID and a
 * rule): cancelled, it is an exclusion; with RANGE=THISANDFUTURE it splits the series there (the
 * series ends before it, a new one starts from it with its fields); else it is an override. One
 * whose series is not in the file comes in as a single event of its own. A series past 1,000
 * exceptions is skipped (D39's limit).
 */
async function attachInstances(
  events: ImportedEvent[],
  instances: Instance[],
  skipped: ImportSkip[],
  slicer: WorkSlicer,
): Promise<void> {
  const series = new Map<string, ImportedEvent>();
  for (const event of events) if (event.recurrence && event.uid) series.set(event.uid, event);
  for (const instance of instances) {
    const master = series.get(instance.event.uid);
    if (master) instance.occurrence = occurrenceNamed(master, instance);
  }
  // Several instances of one occurrence: the highest SEQUENCE, then the latest change, wins.
  instances.sort(
    (a, b) =>
      a.occurrence - b.occurrence ||
      a.event.sequence - b.event.sequence ||
      (a.event.modified ?? 0) - (b.event.modified ?? 0),
  );
  for (const instance of instances) {
    await slicer.pause();
    const master = series.get(instance.event.uid);
    const { event } = instance;
    if (!master) {
      if (instance.cancelled) continue;
      events.push({ ...event, uid: `${event.uid}#${new Date(instance.occurrence).toISOString()}` });
      continue;
    }
    master.changes = master.changes.filter((x) => x.occurrence !== instance.occurrence);
    if (instance.cancelled) {
      master.changes.push({ occurrence: instance.occurrence, kind: 'exclusion' });
      continue;
    }
    if (instance.thisAndFuture && instance.occurrence > master.start) {
      const before = occurrencesIn(
        { ...master, lastStart: master.lastStart },
        master.start,
        instance.occurrence,
        master.timeZone,
        1001,
      ).length;
      const rule = remainingRule(master.recurrence!, before);
      const later: ImportedEvent = {
        ...master,
        ...fieldsOf(event),
        uid: `${master.uid}#${new Date(instance.occurrence).toISOString()}`,
        sequence: Math.max(master.sequence, event.sequence),
        recurrence: rule,
        changes: master.changes.filter((x) => x.occurrence >= instance.occurrence),
        lastStart: null,
      };
      later.lastStart = await lastStartOf(later, slicer);
      master.recurrence = ruleEndingBefore(master.recurrence!, instance.occurrence, master.allDay);
      master.lastStart = await lastStartOf(master, slicer);
      master.changes = master.changes.filter((x) => x.occurrence < instance.occurrence);
      events.push(later);
      series.set(master.uid, later);
      continue;
    }
    master.changes.push({ occurrence: instance.occurrence, kind: 'override', fields: fieldsOf(event) });
  }
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index]!;
    if (event.changes.length <= EXCEPTIONS_MAX) continue;
    skipped.push({ uid: event.uid, summary: event.title, reason: 'calendar.skip.tooComplex' });
    events.splice(index, 1);
  }
}

/**
 * The original start an instance names in its series: on an all-day series the day of its
 * RECURRENCE-ID's wall-clock time (Outlook and Exchange write 00:00 in their zone there); a date on
 * a timed series, that day's occurrence at the series' time of day; else its instant.
 */
function occurrenceNamed(master: ImportedEvent, instance: InstanceOf): number {
  if (master.allDay) return instance.day;
  if (!instance.isDate) return instance.occurrence;
  const date = new Date(instance.day);
  const { hour, minute, second } = DateTime.fromMillis(master.start, { zone: master.timeZone });
  return DateTime.fromObject(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour,
      minute,
      second,
    },
    { zone: master.timeZone },
  ).toMillis();
}

function fieldsOf(event: ImportedEvent): NonNullable<ImportedException['fields']> {
  const { title, description, url, location, category, allDay, start, end, reminder } = event;
  return { title, description, url, location, category, allDay, start, end, reminder };
}
