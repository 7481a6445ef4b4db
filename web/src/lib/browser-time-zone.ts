/** `Temporal.Now` where the browser has it, without the rest of the proposal's types. */
type WithTemporal = { Temporal?: { Now?: { timeZoneId?: () => string } } };

/**
 * The time zone this device is set to, as the browser names it (IANA): a new account starts in it
 * and a signed-in user is offered it when their account's differs (D46). Not the user's zone: that
 * is the account's, which every date of the app is shown in.
 *
 * Temporal's answer first: it costs nothing, where the first `Intl.DateTimeFormat` of a page sets
 * up ICU's date formatting — 50–90 ms in a new Chromium page on the CI machine, on the way to the
 * first paint of every signed-in page (the time-zone banner asks), most of which format no date.
 */
export function browserTimeZone(): string | undefined {
  return (
    (globalThis as WithTemporal).Temporal?.Now?.timeZoneId?.() ||
    Intl.DateTimeFormat().resolvedOptions().timeZone ||
    undefined
  );
}
