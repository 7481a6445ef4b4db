/** The account's API messages; free of imports so that messages.ts can gather them without a cycle. */
export const accountMessages = {
  'account.fullNameLength': 'The full name must have 1 to 100 characters.',
  'account.textTooLong': 'This text is too long.',
  'account.dobInvalid': 'Enter the birth date as YYYY-MM-DD, in the past.',
  'account.urlInvalid': 'Enter a full web address, starting with https://.',
  'account.timeZoneInvalid': 'Choose a time zone from the list.',
  'account.currentPasswordRequired': 'Please enter your current password.',
  'account.currentPasswordWrong': 'The current password is wrong.',
  'account.samePassword': 'The new password must differ from the current one.',
  'account.avatarMissing': 'Choose an image to upload.',
  'account.avatarType': 'The picture must be a PNG, JPEG or WebP image.',
  'account.avatarTooLarge': 'The picture must be at most 2 MB.',
  'account.emptyUpdate': 'Nothing to change.',
  'account.calendarName': 'Give the calendar a name of 1 to 100 characters, on one line.',
  'account.calendarColor': 'Write the colour as #RRGGBB or #RRGGBBAA.',
  'users.cannotDeactivateSelf': 'You cannot deactivate your own account.',
  'users.operatorOnly': 'Only the operator of this instance may change this.',
} as const;
