/**
 * When the signed-in layout offers the device's time zone to the account (D46): only when the two
 * differ, and not for a zone the user has already said to keep theirs for. The answer "keep" is
 * kept in browser storage with the device's zone it was given for, so moving to another zone asks
 * again, once.
 */

export const KEPT_ZONE_STORAGE_KEY = 'timeZoneKept';

/** The device's zone to offer, or null when there is nothing to ask. */
export function zoneToOffer(
  accountZone: string | undefined,
  deviceZone: string | undefined,
  keptFor: string | null,
): string | null {
  if (!accountZone || !deviceZone || deviceZone === accountZone) return null;
  if (sameOffset(accountZone, deviceZone)) return null;
  return deviceZone === keptFor ? null : deviceZone;
}

/**
 * Two names of one zone (an alias, Asia/Calcutta and Asia/Kolkata) show every date alike: there is
 * nothing to switch. Compared over a year, so that zones that only share winter or summer differ.
 */
function sameOffset(a: string, b: string): boolean {
  const year = new Date().getUTCFullYear();
  return [0, 3, 6, 9].every((month) => {
    const instant = new Date(Date.UTC(year, month, 15));
    return offsetName(a, instant) === offsetName(b, instant);
  });
}

function offsetName(timeZone: string, instant: Date): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/** The device's zone the user chose to keep the account's for, if any. */
export function keptZone(): string | null {
  return localStorage.getItem(KEPT_ZONE_STORAGE_KEY);
}

export function keepAccountZone(deviceZone: string): void {
  localStorage.setItem(KEPT_ZONE_STORAGE_KEY, deviceZone);
}
