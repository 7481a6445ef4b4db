/** App passwords' and CalDAV's API messages (D43); free of imports, like the other message files. */
export const appPasswordsMessages = {
  'appPasswords.nameLength': 'Give the app password a name of 1 to 60 characters.',
  'appPasswords.limit': 'You have 20 app passwords: revoke one before making another.',
  'dav.notCalendar': 'This is not an iCalendar object (text/calendar) with one event or one to-do.',
  'dav.wrongComponent': 'This collection holds only events (VEVENT); to-dos go in "tasks".',
  'dav.wrongTodoComponent': 'This collection holds only to-dos (VTODO); events go in "events".',
  'dav.uidTaken': 'Another resource of this collection already has this UID.',
  'dav.readOnly':
    'This collection is read-only: the events you are a guest of change in their owner’s calendar.',
  'dav.badXml': 'The request body is not well-formed XML of the kind this method takes.',
  'dav.tooLarge': 'This resource is larger than 1 MB.',
  'dav.preconditionFailed': 'The resource changed since you read it (its ETag differs).',
  'dav.noUid': 'This object has no UID: every event and to-do needs one.',
  'dav.oneObject': 'One resource holds one event or one to-do (one UID); this one holds several.',
  'dav.propertyReadOnly': 'Only the name and the colour of a calendar can be changed.',
  'dav.propertyInvalid': 'A name has 1 to 100 characters; a colour is written #RRGGBB or #RRGGBBAA.',
  'dav.tooManyProperties': 'This request names more properties or resources than the server reads at once.',
} as const;
