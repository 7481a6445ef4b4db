/**
 * A CalDAV object kept as its client wrote it (D49). With the text, the app's fields as the text
 * gave them are kept (`dav_fields`); when the app changes an event or a to-do, reading the object
 * compares its fields now with those and writes only what differs into the text, line by line
 * (ical-text.ts). Everything the app does not model stays byte for byte: X- properties, CLASS,
 * TRANSP, ORGANIZER, ATTENDEE, VALARMs, other CATEGORIES, PRIORITY 1–9, a VTODO's DTSTART, DUE's
 * time and TZID, COMPLETED, any RRULE.
 */
import type { RepeatUnit, Task } from '@cadence/contract';
import { DateTime } from 'luxon';
import { bool } from '../../db/dialect';
import { dayValue, escapeText, rfcRule, unescapeText, utcValue, vtimezone } from '../../lib/ical-values';
import type { ExceptionRow } from '../calendar/exceptions';
import { ianaZoneOf } from '../calendar/ics-zones';
import type { EventRow } from '../calendar/presenter';
import type { TodoRow } from '../todos/presenter';
import {
  type ComponentNode,
  type ContentLine,
  componentsOf,
  firstLine,
  insertLine,
  linesOf,
  newLine,
  paramOf,
  parseIcalText,
  removeLines,
  serializeIcal,
  setLine,
} from './ical-text';

const DAY_MS = 86_400_000;
const isoOf = (value: string | Date) => new Date(value).toISOString();

// ---- Values ------------------------------------------------------------------------------------

const localStamp = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).toFormat("yyyyLLdd'T'HHmmss");

/** The instant a DATE or DATE-TIME value names: a date as its 00:00Z; floating or unknown zones in `zone`. */
export function instantOfValue(value: string, params: string, zone: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value.trim());
  if (!match) return undefined;
  const [y, mo, d, h, mi, s, z] = match.slice(1);
  if (h === undefined) return Date.UTC(Number(y), Number(mo) - 1, Number(d));
  if (z === 'Z') return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const tzid = paramOf(params, 'TZID');
  const named = (tzid && ianaZoneOf(tzid)) || zone;
  const ms = DateTime.fromObject(
    { year: +y!, month: +mo!, day: +d!, hour: +h, minute: +mi!, second: +s! },
    { zone: named },
  ).toMillis();
  return Number.isFinite(ms) ? ms : undefined;
}

/** How a component writes its times: as days, in UTC, floating, or in a named zone (its TZID as written). */
type TimeForm = { kind: 'date' } | { kind: 'utc' } | { kind: 'floating' } | { kind: 'zoned'; tzid: string };

function formOf(line: ContentLine | undefined, zone: string): TimeForm {
  if (!line) return { kind: 'zoned', tzid: zone };
  const value = line.value.trim();
  if (/^\d{8}$/.test(value)) return { kind: 'date' };
  if (value.endsWith('Z')) return { kind: 'utc' };
  const tzid = paramOf(line.params, 'TZID');
  return tzid ? { kind: 'zoned', tzid } : { kind: 'floating' };
}

/** A time in a form: the line's parameters (VALUE, TZID; others of the old line kept) and value. */
function timeLine(name: string, ms: number, form: TimeForm, zone: string, old?: ContentLine): ContentLine {
  const kept = (old?.params ?? '').replace(/;(VALUE|TZID)=("[^"]*"|[^;:]*)/gi, '');
  switch (form.kind) {
    case 'date':
      return newLine(name, `${kept};VALUE=DATE`, dayValue(ms));
    case 'utc':
      return newLine(name, kept, utcValue(ms));
    case 'floating':
      return newLine(name, kept, localStamp(ms, zone));
    case 'zoned': {
      const tzid = /[;:,]/.test(form.tzid) ? `"${form.tzid}"` : form.tzid;
      return newLine(name, `${kept};TZID=${tzid}`, localStamp(ms, ianaZoneOf(form.tzid) ?? zone));
    }
  }
}

/** The zone a form's times are in, for writing them. */
const timedForm = (form: TimeForm, zone: string): TimeForm =>
  form.kind === 'date' ? { kind: 'zoned', tzid: zone } : form;

/** Adds the VTIMEZONE of an IANA zone a new TZID names, when the calendar has none of that TZID. */
function ensureZone(root: ComponentNode, form: TimeForm): void {
  if (form.kind !== 'zoned') return;
  const present = componentsOf(root, 'VTIMEZONE').some(
    (zone) => firstLine(zone, 'TZID')?.value.trim() === form.tzid,
  );
  if (present) return;
  const block = vtimezone(form.tzid);
  if (!block) return;
  const zone = componentsOf(parseIcalText(`BEGIN:VCALENDAR\r\n${block}END:VCALENDAR\r\n`), 'VTIMEZONE')[0];
  if (!zone) return;
  const at = root.items.findIndex((item) => item.kind === 'component');
  root.items.splice(at === -1 ? root.items.length : at, 0, zone);
}

/** Sets a TEXT property, or removes it when empty. */
function setText(node: ComponentNode, name: string, value: string): void {
  if (value === '') removeLines(node, name);
  else setLine(node, newLine(name, '', escapeText(value)));
}

/** The values of a multi-valued TEXT line (CATEGORIES), split on unescaped commas. */
function listValues(line: ContentLine): string[] {
  return line.value
    .split(/(?<!\\),/)
    .map((value) => unescapeText(value).trim())
    .filter(Boolean);
}

/** Stamps a component changed by the app at its last change. */
function stamp(node: ComponentNode, at: string): void {
  const value = utcValue(Date.parse(at));
  setLine(node, newLine('DTSTAMP', '', value));
  setLine(node, newLine('LAST-MODIFIED', '', value));
}

/** An RFC 5545 duration's seconds (`-PT15M`, `-P1D`), or undefined. */
export function durationSeconds(value: string): number | undefined {
  const match = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!match) return undefined;
  const [, sign, w, d, h, m, s] = match;
  const seconds =
    Number(w ?? 0) * 604_800 +
    Number(d ?? 0) * 86_400 +
    Number(h ?? 0) * 3600 +
    Number(m ?? 0) * 60 +
    Number(s ?? 0);
  return sign === '-' ? -seconds : seconds;
}

// ---- To-dos ------------------------------------------------------------------------------------

/** A to-do's fields as the app has them, in the shape kept beside its text. */
export interface TodoFields {
  at: string;
  title: string;
  description: string;
  dueDate: string | null;
  isCompleted: boolean;
  completedAt: string | null;
  isImportant: boolean;
  tags: string[];
  repeat: { every: number; unit: RepeatUnit } | null;
  repeatRule: string | null;
  /** The zone the text's DUE was read in. */
  timeZone: string;
}

export function todoFieldsOf(row: TodoRow, task: Task, timeZone: string): TodoFields {
  return {
    at: isoOf(row.updated_at),
    title: task.title,
    description: task.description,
    dueDate: task.dueDate,
    isCompleted: task.isCompleted,
    completedAt: row.completed_at === null ? null : isoOf(row.completed_at),
    isImportant: task.isImportant,
    tags: task.tags,
    repeat: task.repeat,
    repeatRule: row.repeat_rule,
    timeZone,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The VTODO's text with the app's changes since `before` written in. */
export function mergeTodo(text: string, before: TodoFields, now: TodoFields): string {
  if (before.at === now.at) return text;
  const root = parseIcalText(text);
  const todos = componentsOf(root, 'VTODO');
  const todo = todos.find((component) => !firstLine(component, 'RECURRENCE-ID')) ?? todos[0];
  if (!todo) return text;
  let changed = false;
  const zone = now.timeZone;

  if (before.title !== now.title) {
    setText(todo, 'SUMMARY', now.title);
    changed = true;
  }
  if (before.description !== now.description) {
    setText(todo, 'DESCRIPTION', now.description);
    changed = true;
  }
  if (before.dueDate !== now.dueDate) {
    changed = true;
    const due = firstLine(todo, 'DUE');
    if (now.dueDate === null) removeLines(todo, 'DUE');
    else {
      const day = Date.parse(`${now.dueDate}T00:00:00Z`);
      const form = formOf(due, zone);
      const old = due && instantOfValue(due.value, due.params, zone);
      let at = day;
      if (form.kind !== 'date' && old !== undefined) {
        // The same time of day on the new day, where the app read the day (the user's zone).
        const formZone = form.kind === 'zoned' ? (ianaZoneOf(form.tzid) ?? zone) : zone;
        const wall = DateTime.fromMillis(old, { zone: formZone });
        at = DateTime.fromObject(
          {
            year: Number(now.dueDate.slice(0, 4)),
            month: Number(now.dueDate.slice(5, 7)),
            day: Number(now.dueDate.slice(8, 10)),
            hour: wall.hour,
            minute: wall.minute,
            second: wall.second,
          },
          { zone: formZone },
        ).toMillis();
      }
      setLine(todo, timeLine('DUE', at, due ? form : { kind: 'date' }, zone, due));
      // A start after the new due would make the VTODO invalid: it moves by as many days.
      const start = firstLine(todo, 'DTSTART');
      if (start && old !== undefined) {
        const startAt = instantOfValue(start.value, start.params, zone);
        if (startAt !== undefined) {
          const shift = Math.round((at - old) / DAY_MS) * DAY_MS;
          setLine(todo, timeLine('DTSTART', startAt + shift, formOf(start, zone), zone, start));
        }
      }
    }
  }
  if (before.isCompleted !== now.isCompleted) {
    changed = true;
    if (now.isCompleted) {
      setLine(todo, newLine('STATUS', '', 'COMPLETED'));
      setLine(todo, newLine('COMPLETED', '', utcValue(Date.parse(now.completedAt ?? now.at))));
      setLine(todo, newLine('PERCENT-COMPLETE', '', '100'));
    } else {
      setLine(todo, newLine('STATUS', '', 'NEEDS-ACTION'));
      removeLines(todo, 'COMPLETED');
      removeLines(todo, 'PERCENT-COMPLETE');
    }
  }
  if (before.isImportant !== now.isImportant) {
    changed = true;
    const priority = Number(firstLine(todo, 'PRIORITY')?.value.trim() || 0);
    const important = priority >= 1 && priority <= 4;
    if (now.isImportant && !important) setLine(todo, newLine('PRIORITY', '', '1'));
    if (!now.isImportant && important) removeLines(todo, 'PRIORITY');
  }
  if (!same(before.tags, now.tags)) {
    changed = true;
    const dropped = new Set(before.tags.map((tag) => tag.toLowerCase()));
    const kept: string[] = [];
    for (const line of linesOf(todo).filter((l) => l.name === 'CATEGORIES')) {
      const values = listValues(line);
      const left = values.filter((value) => !dropped.has(value.toLowerCase()));
      kept.push(...left);
      if (left.length === values.length) continue;
      if (left.length === 0) removeLines(todo, 'CATEGORIES', (l) => l === line);
      else {
        const index = todo.items.indexOf(line);
        todo.items[index] = newLine('CATEGORIES', line.params, left.map(escapeText).join(','));
      }
    }
    const present = new Set(kept.map((value) => value.toLowerCase()));
    const added = now.tags.filter((tag) => !present.has(tag.toLowerCase()));
    if (added.length > 0) {
      const first = linesOf(todo).find((l) => l.name === 'CATEGORIES');
      if (first) {
        const index = todo.items.indexOf(first);
        todo.items[index] = newLine(
          'CATEGORIES',
          first.params,
          [...listValues(first), ...added].map(escapeText).join(','),
        );
      } else insertLine(todo, newLine('CATEGORIES', '', added.map(escapeText).join(',')));
    }
  }
  if (!same(before.repeat, now.repeat) || before.repeatRule !== now.repeatRule) {
    changed = true;
    if (now.repeatRule) setLine(todo, newLine('RRULE', '', now.repeatRule));
    else if (now.repeat) setLine(todo, newLine('RRULE', '', ruleOf(now.repeat)));
    else removeLines(todo, 'RRULE');
  }
  if (!changed) return text;
  stamp(todo, now.at);
  return serializeIcal(root);
}

const frequencies: Record<RepeatUnit, string> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'YEARLY',
};
const ruleOf = (repeat: { every: number; unit: RepeatUnit }) =>
  `FREQ=${frequencies[repeat.unit]}${repeat.every > 1 ? `;INTERVAL=${repeat.every}` : ''}`;

// ---- Events ------------------------------------------------------------------------------------

/** What the app models of one occurrence's own fields (a series', an override's). */
interface OwnFields {
  title: string;
  description: string;
  location: string;
  url: string;
  category: string;
  reminder: number | null;
  allDay: boolean;
  start: string;
  end: string;
}

interface ExceptionFields extends Partial<OwnFields> {
  occurrence: string;
  kind: 'override' | 'exclusion' | 'addition';
}

/** An event's fields as the app has them, in the shape kept beside its text. */
export interface EventFields extends OwnFields {
  at: string;
  timeZone: string;
  recurrence: string | null;
  sequence: number;
  exceptions: ExceptionFields[];
}

export function eventFieldsOf(row: EventRow, exceptions: ExceptionRow[]): EventFields {
  return {
    at: isoOf(row.updated_at),
    title: row.title,
    description: row.description,
    location: row.location,
    url: row.url,
    category: row.category,
    reminder: row.reminder,
    allDay: bool(row.all_day),
    start: isoOf(row.start_at),
    end: isoOf(row.end_at),
    timeZone: row.time_zone,
    recurrence: row.recurrence,
    sequence: Number(row.sequence),
    exceptions: exceptions.map((x) => ({
      occurrence: isoOf(x.occurrence_at),
      kind: x.kind,
      ...(x.kind === 'exclusion'
        ? {}
        : {
            title: x.title ?? row.title,
            description: x.description ?? row.description,
            location: x.location ?? row.location,
            url: x.url ?? row.url,
            category: x.category ?? row.category,
            reminder: x.reminder,
            allDay: bool(x.all_day ?? false),
            start: isoOf(x.start_at!),
            end: isoOf(x.end_at!),
          }),
    })),
  };
}

/** Writes into a VEVENT the own fields that differ; true when it changed it. */
function applyOwn(
  root: ComponentNode,
  node: ComponentNode,
  before: OwnFields,
  now: OwnFields,
  zone: string,
  startForm: TimeForm,
): boolean {
  let changed = false;
  if (before.title !== now.title) {
    setText(node, 'SUMMARY', now.title);
    changed = true;
  }
  if (before.description !== now.description) {
    setText(node, 'DESCRIPTION', now.description);
    changed = true;
  }
  if (before.location !== now.location) {
    setText(node, 'LOCATION', now.location);
    changed = true;
  }
  if (before.url !== now.url) {
    if (now.url === '') removeLines(node, 'URL');
    else setLine(node, newLine('URL', '', now.url));
    changed = true;
  }
  if (before.category !== now.category) {
    changed = true;
    // The app reads the first CATEGORIES value as its category: the new one goes first.
    const old = before.category.toLowerCase();
    for (const line of linesOf(node).filter((l) => l.name === 'CATEGORIES')) {
      const values = listValues(line);
      const left = values.filter((value) => value.toLowerCase() !== old);
      if (left.length === values.length) continue;
      const index = node.items.indexOf(line);
      if (left.length === 0) node.items.splice(index, 1);
      else node.items[index] = newLine('CATEGORIES', line.params, left.map(escapeText).join(','));
    }
    const first = node.items.findIndex((item) => item.kind === 'line' && item.name === 'CATEGORIES');
    const line = newLine('CATEGORIES', '', escapeText(now.category));
    if (first === -1) insertLine(node, line);
    else node.items.splice(first, 0, line);
  }
  if (before.reminder !== now.reminder) {
    changed = true;
    const alarms = componentsOf(node, 'VALARM');
    const ringing = alarms.find((alarm) => {
      const trigger = firstLine(alarm, 'TRIGGER');
      const seconds = trigger ? durationSeconds(trigger.value) : undefined;
      return (
        before.reminder !== null && seconds === -before.reminder * 60 && !/RELATED=END/i.test(trigger!.params)
      );
    });
    if (now.reminder === null) {
      if (ringing) node.items.splice(node.items.indexOf(ringing), 1);
    } else if (ringing) {
      const trigger = firstLine(ringing, 'TRIGGER')!;
      setLine(ringing, newLine('TRIGGER', trigger.params, `-PT${now.reminder}M`));
    } else {
      const alarm = parseIcalText(
        `BEGIN:VCALENDAR\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:${escapeText(now.title)}\r\nTRIGGER:-PT${now.reminder}M\r\nEND:VALARM\r\nEND:VCALENDAR\r\n`,
      ).items[0] as ComponentNode;
      node.items.push(alarm);
    }
  }
  if (before.allDay !== now.allDay || before.start !== now.start || before.end !== now.end) {
    changed = true;
    const form: TimeForm = now.allDay ? { kind: 'date' } : timedForm(startForm, zone);
    if (form.kind === 'zoned') ensureZone(root, form);
    const startLine = firstLine(node, 'DTSTART');
    setLine(node, timeLine('DTSTART', Date.parse(now.start), form, zone, startLine));
    const duration = firstLine(node, 'DURATION');
    if (duration && !firstLine(node, 'DTEND')) {
      const seconds = Math.round((Date.parse(now.end) - Date.parse(now.start)) / 1000);
      const value =
        now.allDay && seconds % 86_400 === 0 ? `P${seconds / 86_400}D` : `PT${Math.max(seconds, 0)}S`;
      setLine(node, newLine('DURATION', duration.params, value));
    } else {
      const endLine = firstLine(node, 'DTEND');
      const endForm = now.allDay ? form : endLine ? timedForm(formOf(endLine, zone), zone) : form;
      if (endForm.kind === 'zoned') ensureZone(root, endForm);
      setLine(node, timeLine('DTEND', Date.parse(now.end), endForm, zone, endLine));
    }
  }
  return changed;
}

const ownOf = (fields: EventFields | ExceptionFields, fallback: OwnFields): OwnFields => ({
  title: fields.title ?? fallback.title,
  description: fields.description ?? fallback.description,
  location: fields.location ?? fallback.location,
  url: fields.url ?? fallback.url,
  category: fields.category ?? fallback.category,
  reminder: fields.reminder !== undefined ? fields.reminder : fallback.reminder,
  allDay: fields.allDay ?? fallback.allDay,
  start: fields.start ?? fallback.start,
  end: fields.end ?? fallback.end,
});

/** The VEVENTs' text with the app's changes since `before` written in. */
export function mergeEvent(text: string, before: EventFields, now: EventFields): string {
  if (before.at === now.at) return text;
  const root = parseIcalText(text);
  const events = componentsOf(root, 'VEVENT');
  const master = events.find((component) => !firstLine(component, 'RECURRENCE-ID')) ?? events[0];
  if (!master) return text;
  const zone = now.timeZone;
  const startForm = formOf(firstLine(master, 'DTSTART'), zone);
  let changed = applyOwn(root, master, before, now, zone, startForm);
  const masterChanged = new Set<ComponentNode>(changed ? [master] : []);
  const seriesForm: TimeForm = now.allDay ? { kind: 'date' } : timedForm(startForm, zone);

  if (before.recurrence !== now.recurrence) {
    changed = true;
    masterChanged.add(master);
    if (now.recurrence) setLine(master, newLine('RRULE', '', rfcRule(now.recurrence, now.allDay, zone)));
    else removeLines(master, 'RRULE');
  }
  if (before.sequence !== now.sequence) {
    changed = true;
    setLine(master, newLine('SEQUENCE', '', String(now.sequence)));
  }

  const keyed = (list: ExceptionFields[], kind: ExceptionFields['kind']) =>
    list.filter((x) => x.kind === kind).map((x) => x.occurrence);
  for (const [kind, name] of [
    ['exclusion', 'EXDATE'],
    ['addition', 'RDATE'],
  ] as const) {
    const was = keyed(before.exceptions, kind);
    const is = keyed(now.exceptions, kind);
    if (same(was, is) && (kind === 'exclusion' || same(additionsOf(before), additionsOf(now)))) continue;
    changed = true;
    masterChanged.add(master);
    removeLines(master, name);
    if (is.length > 0) {
      const values = is.map((iso) => timeLine(name, Date.parse(iso), seriesForm, zone));
      if (seriesForm.kind === 'zoned') ensureZone(root, seriesForm);
      const first = values[0]!;
      insertLine(master, newLine(name, first.params, values.map((line) => line.value).join(',')));
    }
  }

  // Overrides: each VEVENT with a RECURRENCE-ID, found by the instant it names.
  const instanceAt = new Map<string, ComponentNode>();
  for (const component of events) {
    const id = firstLine(component, 'RECURRENCE-ID');
    const at = id && instantOfValue(id.value, id.params, zone);
    if (at !== undefined && id) instanceAt.set(new Date(at).toISOString(), component);
  }
  const overrides = (fields: EventFields) =>
    new Map(fields.exceptions.filter((x) => x.kind === 'override').map((x) => [x.occurrence, x]));
  const was = overrides(before);
  const is = overrides(now);
  for (const occurrence of new Set([...was.keys(), ...is.keys()])) {
    const old = was.get(occurrence);
    const current = is.get(occurrence);
    if (same(old, current)) continue;
    changed = true;
    const component = instanceAt.get(occurrence);
    if (!current) {
      if (component) root.items.splice(root.items.indexOf(component), 1);
      continue;
    }
    const own = ownOf(current, now);
    if (component) {
      if (applyOwn(root, component, ownOf(old ?? before, before), own, zone, startForm))
        stamp(component, now.at);
      continue;
    }
    // A new override: the series' VEVENT without its rule, for this occurrence.
    const copy: ComponentNode = {
      ...master,
      items: master.items.filter(
        (item) => item.kind === 'component' || !['RRULE', 'EXDATE', 'RDATE', 'EXRULE'].includes(item.name),
      ),
    };
    const idLine = timeLine('RECURRENCE-ID', Date.parse(occurrence), seriesForm, zone);
    insertLine(copy, idLine);
    applyOwn(root, copy, ownOf(now, now), { ...own }, zone, startForm);
    // Times and fields as the override has them, whatever the series says.
    setLine(
      copy,
      timeLine('DTSTART', Date.parse(own.start), own.allDay ? { kind: 'date' } : seriesForm, zone),
    );
    if (firstLine(copy, 'DTEND') || !firstLine(copy, 'DURATION')) {
      removeLines(copy, 'DURATION');
      setLine(copy, timeLine('DTEND', Date.parse(own.end), own.allDay ? { kind: 'date' } : seriesForm, zone));
    }
    for (const [name, value] of [
      ['SUMMARY', own.title],
      ['DESCRIPTION', own.description],
      ['LOCATION', own.location],
    ] as const)
      setText(copy, name, value);
    stamp(copy, now.at);
    const last = root.items.lastIndexOf(events[events.length - 1]!);
    root.items.splice(last + 1, 0, copy);
  }
  if (!changed) return text;
  for (const component of masterChanged) stamp(component, now.at);
  if (!masterChanged.has(master) && before.sequence !== now.sequence) stamp(master, now.at);
  return serializeIcal(root);
}

const additionsOf = (fields: EventFields) =>
  fields.exceptions.filter((x) => x.kind === 'addition').map((x) => [x.occurrence, x.start, x.end]);

/** The kept text of an object, the app's changes written in; the text itself, unread, when the app changed nothing. */
export function keptEventText(row: EventRow, exceptions: ExceptionRow[] | undefined): string {
  const text = row.dav_text!;
  if (!changedSinceKept(row)) return text;
  const before = JSON.parse(row.dav_fields!) as EventFields;
  return mergeEvent(text, before, eventFieldsOf(row, exceptions ?? []));
}

export function keptTodoText(row: TodoRow, task: Task): string {
  const text = row.dav_text!;
  if (!changedSinceKept(row)) return text;
  const before = JSON.parse(row.dav_fields!) as TodoFields;
  return mergeTodo(text, before, todoFieldsOf(row, task, before.timeZone));
}

/** The `at` of kept fields: read off the front of the JSON, where the fields' writers put it. */
function keptAt(fields: string): string {
  const end = fields.indexOf('"', 7);
  return fields.startsWith('{"at":"') && end !== -1
    ? fields.slice(7, end)
    : (JSON.parse(fields) as { at: string }).at;
}

/** Whether the app changed the object since its text was kept (so reading it needs its exceptions). */
export const changedSinceKept = (row: { dav_fields: string | null; updated_at: string }) =>
  row.dav_fields !== null && keptAt(row.dav_fields) !== isoOf(row.updated_at);
