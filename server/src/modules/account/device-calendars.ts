/**
 * The user's three CalDAV collections as the app shows them (D49): the name and colour set (in the
 * app or by a calendar app's PROPPATCH), else the defaults. The rows are the CalDAV module's
 * (`dav_collections`), written only through it.
 */
import {
  type DeviceCalendar,
  type DeviceCalendarCollection,
  deviceCalendarCollections,
  deviceCalendarDefaultColors,
  deviceCalendarDefaultNames,
  type Language,
  languagesList,
} from '@cadence/contract';
import type { UserRow } from '../auth/user-data';

/** A collection's name and colour as stored; null or absent: the default. */
export interface CollectionSettings {
  displayName?: string | null;
  color?: string | null;
}

/**
 * What this needs of the CalDAV module's collections (`dav/collections.ts`, which alone writes
 * their table), passed in by services.ts: importing it would close a circle, as the dav module
 * depends on this one through the calendar's and the users'.
 */
export interface CollectionSettingsStore {
  settings(userId: number): Promise<Map<DeviceCalendarCollection, CollectionSettings>>;
  setSettings(
    userId: number,
    collection: DeviceCalendarCollection,
    update: CollectionSettings,
  ): Promise<void>;
}

/** What a change holds once validated: a value sets, null resets, absent leaves as it is. */
export interface DeviceCalendarChange {
  name?: string | null;
  color?: string | null;
}

const languageOf = (user: Pick<UserRow, 'language'>): Language =>
  languagesList.find((language) => language === user.language) ?? 'en';

export function presentDeviceCalendar(
  collection: DeviceCalendarCollection,
  language: Language,
  settings: CollectionSettings | undefined,
): DeviceCalendar {
  const name = settings?.displayName ?? null;
  const color = settings?.color ?? null;
  return {
    collection,
    name: name ?? deviceCalendarDefaultNames[language][collection],
    color: color ?? deviceCalendarDefaultColors[collection],
    custom: name !== null || color !== null,
  };
}

export class DeviceCalendarsService {
  constructor(private readonly deps: { davCollections: CollectionSettingsStore }) {}

  async list(user: Pick<UserRow, 'id' | 'language'>): Promise<DeviceCalendar[]> {
    const settings = await this.deps.davCollections.settings(user.id);
    return deviceCalendarCollections.map((collection) =>
      presentDeviceCalendar(collection, languageOf(user), settings.get(collection)),
    );
  }

  async update(
    user: Pick<UserRow, 'id' | 'language'>,
    collection: DeviceCalendarCollection,
    change: DeviceCalendarChange,
  ): Promise<DeviceCalendar> {
    const { davCollections } = this.deps;
    await davCollections.setSettings(user.id, collection, {
      ...(change.name !== undefined ? { displayName: change.name } : {}),
      ...(change.color !== undefined ? { color: change.color } : {}),
    });
    const settings = await davCollections.settings(user.id);
    return presentDeviceCalendar(collection, languageOf(user), settings.get(collection));
  }
}
