/**
 * The user's three CalDAV collections as the app shows them (D49): each one's name and colour,
 * which a calendar app sets with PROPPATCH and the user sets in Account settings → Apps and
 * devices alike. Until either sets them, a collection has the defaults below.
 */
import { z } from 'zod';
import { accountMessages } from './account-messages';
import type { Language } from './users';

export const deviceCalendarCollections = ['events', 'shared', 'tasks'] as const;
export type DeviceCalendarCollection = (typeof deviceCalendarCollections)[number];

export const isDeviceCalendarCollection = (name: string): name is DeviceCalendarCollection =>
  (deviceCalendarCollections as readonly string[]).includes(name);

/** A collection's name until one is set, in the account's language. */
export const deviceCalendarDefaultNames: Record<Language, Record<DeviceCalendarCollection, string>> = {
  en: { events: 'Cadence', shared: 'Cadence – shared with me', tasks: 'Cadence tasks' },
  fr: { events: 'Cadence', shared: 'Cadence – partagés avec moi', tasks: 'Tâches Cadence' },
  de: { events: 'Cadence', shared: 'Cadence – mit mir geteilt', tasks: 'Cadence-Aufgaben' },
  pt: { events: 'Cadence', shared: 'Cadence – partilhados comigo', tasks: 'Tarefas Cadence' },
};

/** A collection's colour until one is set: #RRGGBBAA, as Apple's calendar-color is written. */
export const deviceCalendarDefaultColors: Record<DeviceCalendarCollection, string> = {
  events: '#1C7ED6FF',
  shared: '#F08C00FF',
  tasks: '#2F9E44FF',
};

export const DEVICE_CALENDAR_NAME_MAX = 100;

/** A colour as CalDAV's calendar-color takes it: #RRGGBB or #RRGGBBAA. */
export const DEVICE_CALENDAR_COLOR = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;

const nameMessage = accountMessages['account.calendarName'];
const colorMessage = accountMessages['account.calendarColor'];

export const deviceCalendar = z
  .object({
    collection: z.enum(deviceCalendarCollections),
    name: z.string().describe('The name set, or the default in the account’s language'),
    color: z.string().describe('#RRGGBB or #RRGGBBAA: the colour set, or the default'),
    custom: z.boolean().describe('Whether a name or a colour is set (else both are the defaults)'),
  })
  .meta({ id: 'DeviceCalendar' });
export type DeviceCalendar = z.infer<typeof deviceCalendar>;

export const deviceCalendarList = z
  .object({ data: z.array(deviceCalendar) })
  .meta({ id: 'DeviceCalendarList' });
export type DeviceCalendarList = z.infer<typeof deviceCalendarList>;

export const updateDeviceCalendarInput = z
  .strictObject({
    name: z
      .string({ error: nameMessage })
      .trim()
      .min(1, nameMessage)
      .max(DEVICE_CALENDAR_NAME_MAX, nameMessage)
      // A control character would make the PROPFIND answer that carries the name invalid XML.
      .regex(/^[^\p{Cc}]*$/u, nameMessage)
      .nullable()
      .optional()
      .describe('null: back to the default'),
    color: z
      .string({ error: colorMessage })
      .trim()
      .regex(DEVICE_CALENDAR_COLOR, colorMessage)
      .toUpperCase()
      .nullable()
      .optional()
      .describe('#RRGGBB or #RRGGBBAA; null: back to the default'),
  })
  .refine((input) => input.name !== undefined || input.color !== undefined, {
    message: accountMessages['account.emptyUpdate'],
  })
  .meta({ id: 'UpdateDeviceCalendarInput' });
export type UpdateDeviceCalendarInput = z.input<typeof updateDeviceCalendarInput>;

/**
 * The collection in a path. Any short name is taken so that one that is not a collection is a
 * 404, as the CalDAV side answers it.
 */
export const deviceCalendarParams = z.object({ collection: z.string().min(1).max(20) });
