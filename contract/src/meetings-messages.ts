/** The meetings' API messages (D22–D24, D32–D34); free of imports so that messages.ts can gather them. */
export const meetingsMessages = {
  'meetings.hoursInvalid': 'Enter each time as HH:MM, from 00:00 to 24:00.',
  'meetings.hoursOrder': 'Each interval must end after it starts.',
  'meetings.hoursOverlap': 'The intervals of one day must not overlap.',
  'meetings.hoursLength': 'Working hours have at most 50 intervals.',
  'meetings.dayInvalid': 'Choose a day of the week, monday to sunday.',
  'meetings.inviteeNotFriend': 'Invitees must be your friends.',
  'meetings.inviteesLength': 'A meeting may have at most 50 invitees.',
  'meetings.groupUnknown': 'Choose one of your groups.',
  'meetings.durationInvalid': 'The duration is 15 to 480 minutes.',
  'meetings.stepInvalid': 'The grid step is 5 to 240 minutes.',
  'meetings.dateInvalid': 'Enter the date as YYYY-MM-DD.',
  'meetings.rangeInvalid': 'The end date must be on or after the start date, at most 92 days later.',
} as const;
