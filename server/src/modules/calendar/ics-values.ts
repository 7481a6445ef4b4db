/**
 * A VEVENT's values as an event holds them: date properties made plain before ical.js reads them,
 * raw dates checked, and its text, web address and reminder taken from what ical.js read.
 */
import ICAL from 'ical.js';
import { REMINDER_MAX_MINUTES } from '@cadence/contract';
import { unescapeText } from '../../lib/ical-values';
import { YEAR_MAX, YEAR_MIN } from '../../lib/occurrences';
import { Skip } from './ics-limits';
import { propertyName, propertyValue } from './ics-scan';

const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID', 'EXDATE', 'RDATE', 'DUE']);

/**
 * Date properties as their values say: dates are dates and date-times date-times whatever VALUE
 * says (a bare date without VALUE=DATE, as Google reads it; VALUE=DATE on a date-time, as some
 * exporters write, read as the date-time); a date-time with both TZID and a final Z is the wall
 * time in TZID, as Google and python read it (ical.js would take UTC). Every other line as it is.
 */
export function withDateValues(line: string): string {
  const name = propertyName(line);
  // Exchange writes BYDAY=MO, TU, WE: a rule's value has no spaces.
  if (name === 'RRULE' || name === 'EXRULE')
    return line.replace(/:(.*)$/, (_, value: string) => `:${value.replace(/\s+/g, '')}`);
  if (!DATE_PROPERTIES.has(name)) return line;
  const value = propertyValue(line);
  let values = value.trim();
  const dates = /^\d{8}(,\d{8})*$/.test(values);
  const dateTimes = /^\d{8}T\d{6}Z?(,\d{8}T\d{6}Z?)*$/.test(values);
  if (!dates && !dateTimes) return line;
  let params = line.slice(name.length, line.length - value.length - 1).replace(/;VALUE=[^;:]*/gi, '');
  if (dates) params += ';VALUE=DATE';
  else if (/;TZID=/i.test(params)) values = values.replace(/Z/g, '');
  return `${line.slice(0, name.length)}${params}:${values}`;
}

const RAW_DATE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/;

/** Checks a raw date or date-time value: its fields in range, its year in 1900–2200. */
export function checkRawDate(value: string): void {
  const match = RAW_DATE.exec(value.trim());
  if (!match) throw new Skip('calendar.skip.badDate');
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) {
    throw new Skip('calendar.skip.badDate');
  }
  if (y < YEAR_MIN || y > YEAR_MAX) throw new Skip('calendar.skip.yearRange');
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) throw new Skip('calendar.skip.badDate');
}

/**
 * An RDATE line with its unreadable values left out, or null when none is left: an added date that
 * cannot be read (Google's birthday calendar writes some) costs that date alone, not the event, as
 * Google and ical.js read it. Periods (VALUE=PERIOD) are kept for ical.js to read.
 */
export function readableDatesOf(line: string): string | null {
  const value = propertyValue(line);
  const values = value.split(',');
  const period = /;VALUE=PERIOD/i.test(line);
  const readable = values.filter((one) => {
    if (period && !/^\d{8}T?\d{0,6}Z?$/.test(one.trim())) return true;
    try {
      checkRawDate(one);
      return true;
    } catch (error) {
      if (error instanceof Skip) return false;
      throw error;
    }
  });
  if (readable.length === values.length) return line;
  if (readable.length === 0) return null;
  return `${line.slice(0, line.length - value.length)}${readable.join(',')}`;
}

/** A date or date-time value as ical.js read it; anything else (an unknown VALUE type) is a bad date. */
export function asTime(value: unknown): ICAL.Time {
  if (!(value instanceof ICAL.Time)) throw new Skip('calendar.skip.badDate');
  return value;
}

export function text(component: ICAL.Component, name: string, max: number): string {
  const property = component.getFirstProperty(name);
  let value = property?.getFirstValue();
  if (typeof value !== 'string') return '';
  // A VALUE parameter of no known type (Proton writes one holding the text) leaves it escaped.
  if (property!.type !== 'text' && property!.type !== 'uri') value = unescapeText(value);
  return value.replace(/\0/g, '').trim().slice(0, max);
}

export function webAddress(value: string): string {
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value) ? value : '';
}

/** The first alarm that rings a whole number of minutes before the start, within four weeks. */
export function reminderOf(component: ICAL.Component): number | null {
  for (const alarm of component.getAllSubcomponents('valarm')) {
    const trigger = alarm.getFirstPropertyValue('trigger');
    if (!(trigger instanceof ICAL.Duration)) continue;
    const seconds = -trigger.toSeconds();
    const related = alarm.getFirstProperty('trigger')?.getParameter('related');
    if (related === 'END' || seconds < 0 || seconds % 60 !== 0) continue;
    const minutes = seconds / 60;
    if (minutes <= REMINDER_MAX_MINUTES) return minutes;
  }
  return null;
}
