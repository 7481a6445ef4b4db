/** The meetings' API messages (D22–D24, D32–D34); free of imports so that messages.ts can gather them. */
export const meetingsMessages = {
  'meetings.hoursInvalid': 'Enter each time as HH:MM, from 00:00 to 24:00.',
  'meetings.hoursOrder': 'Each interval must end after it starts.',
  'meetings.hoursOverlap': 'The intervals of one day must not overlap.',
  'meetings.hoursLength': 'Working hours have at most 50 intervals.',
  'meetings.dayInvalid': 'Choose a day of the week, monday to sunday.',
} as const;
