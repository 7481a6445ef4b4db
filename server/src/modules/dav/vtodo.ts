/**
 * To-dos as VTODO (RFC 5545 §3.6.2; D43): title ↔ SUMMARY, description ↔ DESCRIPTION, due day ↔
 * DUE (a date; a client's date-time is read as its day in the user's zone), completed ↔ STATUS and
 * COMPLETED, important ↔ PRIORITY 1 (any of 1–4 reads as important), tags ↔ CATEGORIES, repeat ↔
 * an RRULE of FREQ and INTERVAL. Written and read with ical.js.
 */
import {
  type CreateTaskInput,
  type RepeatUnit,
  type Task,
  TODO_TITLE_MAX,
  type UpdateTaskInput,
} from '@cadence/contract';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { TodoRow } from '../todos/presenter';

const PRODID = '-//Cadence//Tasks//EN';

type Frequency = NonNullable<Parameters<typeof ICAL.Recur.fromData>[0]['freq']>;

const frequencies: Record<RepeatUnit, Frequency> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'YEARLY',
};
const units = new Map<string, RepeatUnit>(
  Object.entries(frequencies).map(([unit, freq]) => [freq, unit as RepeatUnit]),
);

const utc = (isoTime: string) => ICAL.Time.fromJSDate(new Date(isoTime), true);

/** The VTODO's UID: its client's, else ours. */
export const todoUid = (row: Pick<TodoRow, 'id' | 'uid'>) => row.uid ?? `todo-${row.id}@cadence`;

/** A to-do as a VCALENDAR holding its VTODO. */
export function vtodoOf(row: TodoRow, task: Task): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', PRODID);
  const todo = new ICAL.Component('vtodo');
  todo.addPropertyWithValue('uid', todoUid(row));
  todo.addPropertyWithValue('dtstamp', utc(row.updated_at));
  todo.addPropertyWithValue('created', utc(row.created_at));
  todo.addPropertyWithValue('last-modified', utc(row.updated_at));
  todo.addPropertyWithValue('summary', task.title);
  if (task.description) todo.addPropertyWithValue('description', task.description);
  if (task.dueDate) todo.addPropertyWithValue('due', ICAL.Time.fromDateString(task.dueDate));
  todo.addPropertyWithValue('status', task.isCompleted ? 'COMPLETED' : 'NEEDS-ACTION');
  if (task.isCompleted) {
    todo.addPropertyWithValue('completed', utc(row.completed_at ?? row.updated_at));
    todo.addPropertyWithValue('percent-complete', 100);
  }
  if (task.isImportant) todo.addPropertyWithValue('priority', 1);
  if (task.tags.length > 0) {
    const categories = new ICAL.Property('categories');
    categories.setValues(task.tags);
    todo.addProperty(categories);
  }
  if (task.repeat) {
    todo.addPropertyWithValue(
      'rrule',
      ICAL.Recur.fromData({ freq: frequencies[task.repeat.unit], interval: task.repeat.every }),
    );
  }
  calendar.addSubcomponent(todo);
  return calendar.toString() + '\r\n';
}

/** What a client's VTODO says, as the to-do service's input. */
export interface ReadTodo {
  uid: string;
  input: CreateTaskInput & Required<Pick<UpdateTaskInput, 'isCompleted'>>;
  /** A repetition the app cannot draw, kept as its rule (repeat is null then). */
  repeatRule: string | null;
  /** COMPLETED, as an ISO instant. */
  completedAt: string | null;
}

/** Why a text is not one VTODO: a message key. */
export class NotVtodo extends Error {
  constructor(readonly reason: 'dav.notCalendar' | 'dav.noUid' | 'dav.oneObject') {
    super(reason);
  }
}

/** Rule parts the app's repeat (every n days, weeks, months or years) says all of. */
const drawnParts = new Set(['FREQ', 'INTERVAL', 'WKST']);

/** A client's VCALENDAR holding one VTODO (and nothing else of note); throws NotVtodo otherwise. */
export function readVtodo(
  text: string,
  timeZone: string,
  knownTags: (name: string) => string | undefined,
): ReadTodo {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new NotVtodo('dav.notCalendar');
  }
  if (calendar.name !== 'vcalendar') throw new NotVtodo('dav.notCalendar');
  const todos = calendar.getAllSubcomponents('vtodo');
  const uids = new Set(todos.map((todo) => String(todo.getFirstPropertyValue('uid') ?? '')));
  const todo = todos.find((candidate) => !candidate.hasProperty('recurrence-id')) ?? todos[0];
  if (!todo || uids.size !== 1 || calendar.getAllSubcomponents('vevent').length > 0)
    throw new NotVtodo(todo ? 'dav.oneObject' : 'dav.notCalendar');
  const uid = String(todo.getFirstPropertyValue('uid') ?? '').trim();
  if (!uid || uid.length > 255) throw new NotVtodo('dav.noUid');

  const text_ = (name: string) => {
    const value = todo.getFirstPropertyValue(name);
    return typeof value === 'string' ? value : '';
  };
  const due = todo.getFirstPropertyValue('due');
  let dueDate: string | null = null;
  if (due instanceof ICAL.Time) {
    dueDate = due.isDate
      ? due.toString().slice(0, 10)
      : DateTime.fromJSDate(due.toJSDate()).setZone(timeZone).toISODate();
  }
  const status = text_('status').toUpperCase();
  const isCompleted =
    status === 'COMPLETED' ||
    (status !== 'NEEDS-ACTION' && status !== 'IN-PROCESS' && todo.hasProperty('completed'));
  const priority = Number(todo.getFirstPropertyValue('priority') ?? 0);
  const tags: string[] = [];
  for (const property of todo.getAllProperties('categories')) {
    for (const value of property.getValues()) {
      const known = knownTags(String(value).trim());
      if (known && !tags.includes(known)) tags.push(known);
    }
  }
  let repeat: CreateTaskInput['repeat'] = null;
  let repeatRule: string | null = null;
  const rule = todo.getFirstPropertyValue('rrule');
  if (rule instanceof ICAL.Recur) {
    const written = rule.toString();
    const parts = written.split(';').map((part) => part.split('=')[0]!.toUpperCase());
    const unit = units.get(rule.freq);
    const every = rule.interval || 1;
    if (unit && every <= 365 && parts.every((part) => drawnParts.has(part))) repeat = { every, unit };
    else repeatRule = written.slice(0, 500);
  }
  const completed = todo.getFirstPropertyValue('completed');
  const completedAt =
    completed instanceof ICAL.Time && !completed.isDate ? completed.toJSDate().toISOString() : null;
  return {
    uid,
    repeatRule,
    completedAt: completedAt && !Number.isNaN(Date.parse(completedAt)) ? completedAt : null,
    input: {
      // A to-do without a summary is kept, as an event is.
      title: text_('summary').trim().slice(0, TODO_TITLE_MAX) || 'Untitled',
      description: text_('description').slice(0, 5000),
      dueDate,
      tags,
      assignee: [],
      groups: [],
      isImportant: priority >= 1 && priority <= 4,
      repeat,
      isCompleted,
    },
  };
}
