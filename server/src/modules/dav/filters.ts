/**
 * CalDAV's calendar-query filter (RFC 4791 §9.7), as much of it as clients send: a comp-filter on
 * VEVENT or VTODO, with a time-range and prop-filters (is-not-defined, text-match, negated or not).
 * The time-range picks the candidates in the database (a series whose span meets the range: a
 * superset for repeating events, which RFC 4791 allows a client to meet); prop-filters are checked
 * on each candidate's iCalendar text.
 */
import { componentsOf, firstLine, parseIcalText } from './ical-text';
import { durationSeconds, instantOfValue } from './kept';
import { CALDAV, child, childElements, isNamed, textOf, type XmlElement } from './xml';

export interface PropFilter {
  name: string;
  notDefined: boolean;
  match?: { text: string; negate: boolean; caseless: boolean };
}

export interface QueryFilter {
  component: 'VEVENT' | 'VTODO' | undefined;
  from?: string;
  to?: string;
  props: PropFilter[];
}

/** 20261126T090000Z → ISO; undefined for anything else. */
export function davTime(value: string | null | undefined): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return undefined;
  const [, y, mo, da, h, mi, se] = match;
  const time = Date.UTC(Number(y), Number(mo) - 1, Number(da), Number(h), Number(mi), Number(se));
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function readFilter(filter: XmlElement | undefined): QueryFilter {
  const query: QueryFilter = { component: undefined, props: [] };
  const calendar = filter && child(filter, CALDAV, 'comp-filter');
  const inner = calendar && child(calendar, CALDAV, 'comp-filter');
  if (!inner) return query;
  const name = (inner.getAttribute('name') ?? '').toUpperCase();
  if (name === 'VEVENT' || name === 'VTODO') query.component = name;
  const range = child(inner, CALDAV, 'time-range');
  if (range) {
    query.from = davTime(range.getAttribute('start'));
    query.to = davTime(range.getAttribute('end'));
  }
  for (const element of childElements(inner).filter((e) => isNamed(e, CALDAV, 'prop-filter'))) {
    const textMatch = child(element, CALDAV, 'text-match');
    query.props.push({
      name: (element.getAttribute('name') ?? '').toUpperCase(),
      notDefined: child(element, CALDAV, 'is-not-defined') !== undefined,
      ...(textMatch && {
        match: {
          text: textOf(textMatch),
          negate: textMatch.getAttribute('negate-condition') === 'yes',
          caseless: textMatch.getAttribute('collation') !== 'i;octet',
        },
      }),
    });
  }
  return query;
}

/** The values of a property in the first (master) component of this kind, lines unfolded. */
function valuesOf(text: string, component: string, property: string): string[] {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const values: string[] = [];
  let inside = false;
  for (const line of lines) {
    if (line === `BEGIN:${component}`) inside = true;
    else if (line === `END:${component}`) {
      if (inside) break;
    } else if (inside) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
      if (name === property)
        values.push(
          line
            .slice(colon + 1)
            .replace(/\\([,;\\])/g, '$1')
            .replace(/\\n/gi, '\n'),
        );
    }
  }
  return values;
}

/** Whether a candidate's text passes the query's prop-filters. */
export function passes(query: QueryFilter, text: string): boolean {
  const component = query.component ?? (text.includes('BEGIN:VTODO') ? 'VTODO' : 'VEVENT');
  return query.props.every((filter) => {
    const values = valuesOf(text, component, filter.name);
    if (filter.notDefined) return values.length === 0;
    if (!filter.match) return values.length > 0;
    const { text: wanted, negate, caseless } = filter.match;
    const found = values.some((value) =>
      caseless ? value.toLowerCase().includes(wanted.toLowerCase()) : value.includes(wanted),
    );
    return values.length > 0 && found !== negate;
  });
}

/** What RFC 4791 §9.9 reads of a VTODO to place it in time: epoch ms, each when present. */
export interface TodoTimes {
  start?: number;
  duration?: number;
  due?: number;
  completed?: number;
  created?: number;
}

/** The VTODO's times (its master's, when it has instances); floating ones and dates in `zone`. */
export function todoTimes(text: string, zone: string): TodoTimes {
  let root;
  try {
    root = parseIcalText(text);
  } catch {
    return {};
  }
  const todos = componentsOf(root, 'VTODO');
  const todo = todos.find((component) => !firstLine(component, 'RECURRENCE-ID')) ?? todos[0];
  if (!todo) return {};
  const at = (name: string) => {
    const line = firstLine(todo, name);
    if (!line) return undefined;
    // A date is its day in the user's zone (RFC 4791 §9.9 compares floating values there).
    return /^\d{8}$/.test(line.value.trim())
      ? instantOfValue(`${line.value.trim()}T000000`, '', zone)
      : instantOfValue(line.value, line.params, zone);
  };
  const duration = firstLine(todo, 'DURATION');
  const seconds = duration ? durationSeconds(duration.value) : undefined;
  return {
    start: at('DTSTART'),
    duration: seconds === undefined ? undefined : seconds * 1000,
    due: at('DUE'),
    completed: at('COMPLETED'),
    created: at('CREATED'),
  };
}

/** Whether a VTODO meets the time range [from, to) — RFC 4791 §9.9's table, row by row. */
export function todoMeets(t: TodoTimes, from: number, to: number): boolean {
  if (t.start !== undefined && t.duration !== undefined) {
    const end = t.start + t.duration;
    return from <= end && (to > t.start || to >= end);
  }
  if (t.start !== undefined && t.due !== undefined)
    return (from < t.due || from <= t.start) && (to > t.start || to >= t.due);
  if (t.start !== undefined) return from <= t.start && to > t.start;
  if (t.due !== undefined) return from < t.due && to >= t.due;
  if (t.completed !== undefined && t.created !== undefined)
    return (from <= t.created || from <= t.completed) && (to >= t.created || to >= t.completed);
  if (t.completed !== undefined) return from <= t.completed && to >= t.completed;
  if (t.created !== undefined) return to > t.created;
  return true;
}
