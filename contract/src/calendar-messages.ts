/** The calendar's API messages (spec parts 3, 7; D21, D31); free of imports so that messages.ts can gather them. */
export const calendarMessages = {
  'calendar.titleRequired': 'Please enter a title.',
  'calendar.titleLength': 'The title must have at most 200 characters.',
  'calendar.descriptionLength': 'The description must have at most 5000 characters.',
  'calendar.locationLength': 'The location must have at most 200 characters.',
  'calendar.urlInvalid': 'Enter a web address that starts with http:// or https://.',
  'calendar.startInvalid': 'Enter the start as a date and time.',
  'calendar.endInvalid': 'Enter the end as a date and time.',
  'calendar.endBeforeStart': 'The end must not be before the start.',
  'calendar.categoryInvalid': 'Choose one of the categories: Personal, Business, Family, Holiday or ETC.',
  'calendar.reminderInvalid': 'A reminder is 0 to 40320 minutes (four weeks) before the start.',
  'calendar.recurrenceInvalid':
    'Enter the repetition as a daily, weekly, monthly or yearly rule, such as FREQ=WEEKLY;BYDAY=MO.',
  'calendar.guestNotFriend': 'Guests must be your friends.',
  'calendar.guestsLength': 'An event may have at most 50 guests.',
  'calendar.groupUnknown': 'Choose one of your groups.',
  'calendar.rangeInvalid': 'Give the start and end of the range, at most 400 days apart.',
  'calendar.guestReadOnly': 'Only the owner of the event may change it.',
  'calendar.emptyChange': 'Nothing to change.',
  'calendar.fileInvalid': 'This file is not an iCalendar (.ics) file.',
  'calendar.fileTooLarge': 'The file must be at most 2 MB.',
  'calendar.fileEmpty': 'This calendar holds no event to import.',
} as const;
