/**
 * The time zone this device is set to, as the browser names it (IANA): a new account starts in it
 * and a signed-in user is offered it when their account's differs (D46). Not the user's zone: that
 * is the account's, which every date of the app is shown in.
 */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
