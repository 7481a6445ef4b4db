/** The IANA time zones the browser knows, UTC first, for the account's and the working hours' choice (D15). */
export const timeZones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

/** The list, with a stored zone the browser names differently (an alias) kept as a choice. */
export function timeZonesWith(current: string): string[] {
  return timeZones.includes(current) ? timeZones : [current, ...timeZones];
}
