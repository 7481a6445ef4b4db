/**
 * An iCalendar file cut into its components by a scanner of our own, which counts as it goes and
 * never joins the pieces the file came in: its lines unfolded, a property's name and value.
 */
import { CALENDAR_IMPORT_EVENTS_MAX, CALENDAR_IMPORT_SERIES_MAX } from '@cadence/contract';
import { unescapeText } from '../../lib/ical-values';
import type { WorkSlicer } from '../../lib/work-slicer';
import { COMPONENT_MAX_CHARS, ImportTooLarge, NotICalendar, ZONES_MAX } from './ics-limits';

/**
 * The components whose UID and title are kept: events, and to-dos and journal entries, which the
 * import lists as not imported.
 */
const NAMED = new Set(['VEVENT', 'VTODO', 'VJOURNAL']);

/** A component as the scanner found it: its unfolded lines, or that it was too large. */
export interface RawComponent {
  name: string;
  lines: string[];
  chars: number;
  tooLarge: boolean;
  /** For a skip report even when the component is not parsed. */
  uid: string;
  summary: string;
  repeats: boolean;
  isOverride: boolean;
}

/**
 * A file's text whole, or in the pieces it arrived in (an upload decoded as it came,
 * `lib/upload.ts`): never joined into one string, which alone held the event loop ~30 ms for a
 * 10 MB file here (D41).
 */
export type IcsText = string | readonly string[];

/** The text's lines as its line breaks cut them, across the pieces. */
function* physicalLines(text: IcsText): Generator<string> {
  let carry = '';
  for (const piece of typeof text === 'string' ? [text] : text) {
    let index = 0;
    for (;;) {
      const end = piece.indexOf('\n', index);
      if (end === -1) {
        carry += piece.slice(index);
        break;
      }
      yield carry + piece.slice(index, end);
      carry = '';
      index = end + 1;
    }
  }
  yield carry;
}

/**
 * The unfolded lines of the text, one at a time (RFC 5545 §3.1: a line that starts with a space or
 * tab continues the one before; empty lines are left out).
 */
function* logicalLines(text: IcsText): Generator<string> {
  let current: string | null = null;
  for (let line of physicalLines(text)) {
    if (line.endsWith('\r')) line = line.slice(0, -1);
    // An empty line is no content line: a fold may go on after it (Mozilla's old exports).
    if (line === '') continue;
    if ((line.startsWith(' ') || line.startsWith('\t')) && current !== null) {
      current += line.slice(1);
      continue;
    }
    if (current !== null) yield current;
    current = line;
  }
  if (current !== null && current !== '') yield current;
}

export const propertyName = (line: string) => {
  const stop = line.search(/[;:]/);
  return (stop === -1 ? line : line.slice(0, stop)).toUpperCase();
};

export const propertyValue = (line: string) => {
  // The value follows the first colon that is not inside a quoted parameter.
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ':' && !quoted) return line.slice(i + 1);
  }
  return '';
};

/** What the scanner meets at the calendar's level: a component, or the calendar's X-WR-TIMEZONE. */
type Found = { component: RawComponent } | { calendarZone: string };

/**
 * The file's components in order, by one pass over its lines: each component's unfolded lines
 * (those of VEVENTs only when `keepEvents`; none past 1 MB), with what a skip report names. Not a
 * VCALENDAR → NotICalendar. The event loop may turn every 500 lines.
 */
export async function* walk(text: IcsText, slicer: WorkSlicer, keepEvents: boolean): AsyncGenerator<Found> {
  let depth = 0;
  let sawCalendar = false;
  let current: RawComponent | null = null;
  let inner = 0;
  let count = 0;
  for (const line of logicalLines(text)) {
    if ((count += 1) % 500 === 0) await slicer.pause();
    if (line.trim() === '') continue;
    const name = propertyName(line);
    if (depth === 0) {
      if (name === 'BEGIN' && propertyValue(line).trim().toUpperCase() === 'VCALENDAR') {
        depth = 1;
        sawCalendar = true;
      } else if (!sawCalendar) throw new NotICalendar();
      continue;
    }
    if (current === null) {
      if (name === 'BEGIN') {
        current = {
          name: propertyValue(line).trim().toUpperCase(),
          lines: [line],
          chars: line.length,
          tooLarge: false,
          uid: '',
          summary: '',
          repeats: false,
          isOverride: false,
        };
        inner = 0;
      } else if (name === 'END') depth = 0;
      else if (name === 'X-WR-TIMEZONE') yield { calendarZone: propertyValue(line).trim() };
      continue;
    }
    if (name === 'BEGIN') inner += 1;
    if (name === 'END' && inner > 0) inner -= 1;
    else if (name === 'END') {
      current.lines.push(line);
      yield { component: current };
      current = null;
      continue;
    }
    if (NAMED.has(current.name) && inner === 0) {
      if (name === 'UID') current.uid = unescapeText(propertyValue(line)).trim().slice(0, 255);
      else if (name === 'SUMMARY') current.summary = unescapeText(propertyValue(line)).trim().slice(0, 200);
      else if (current.name === 'VEVENT' && (name === 'RRULE' || name === 'RDATE')) current.repeats = true;
      else if (current.name === 'VEVENT' && name === 'RECURRENCE-ID') current.isOverride = true;
    }
    const keep = (current.name === 'VEVENT' && keepEvents) || current.name === 'VTIMEZONE';
    if (!keep || current.tooLarge) continue;
    current.chars += line.length + 2;
    if (current.chars > COMPONENT_MAX_CHARS) {
      current.tooLarge = true;
      current.lines = [];
    } else current.lines.push(line);
  }
  if (!sawCalendar) throw new NotICalendar();
}

/**
 * The first pass: the file's time zones and X-WR-TIMEZONE, and its events counted — more than
 * 20,000, or 2,000 repeating, stops it (ImportTooLarge). Events' lines are not kept.
 */
export async function survey(text: IcsText, slicer: WorkSlicer) {
  const zones: RawComponent[] = [];
  let calendarZone: string | null = null;
  let events = 0;
  let series = 0;
  for await (const found of walk(text, slicer, false)) {
    if ('calendarZone' in found) {
      calendarZone ??= found.calendarZone;
      continue;
    }
    const { component } = found;
    if (component.name === 'VTIMEZONE' && zones.length < ZONES_MAX) zones.push(component);
    if (component.name !== 'VEVENT') continue;
    if ((events += 1) > CALENDAR_IMPORT_EVENTS_MAX) throw new ImportTooLarge('calendar.importTooManyEvents');
    if (component.repeats && !component.isOverride && (series += 1) > CALENDAR_IMPORT_SERIES_MAX) {
      throw new ImportTooLarge('calendar.importTooManySeries');
    }
  }
  return { zones, calendarZone };
}
