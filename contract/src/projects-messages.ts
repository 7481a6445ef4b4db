/** The boards' API messages; free of imports so that messages.ts can gather them without a cycle. */
export const projectsMessages = {
  'projects.nameRequired': 'Please enter a name.',
  'projects.nameLength': 'The name must have at most 100 characters.',
  'projects.descriptionLength': 'The description must have at most 2000 characters.',
  'projects.textRequired': 'Please enter a text.',
  'projects.textLength': 'The text must have at most 500 characters.',
  'projects.colorInvalid': 'Choose one of the header colours.',
  'projects.indexInvalid': 'The position must be a whole number from 0.',
  'projects.memberNotFriend': 'Members must be your friends.',
  'projects.userForbidden': 'You may only list your own projects.',
  'projects.ownerOnly': 'Only the owner of the project may do this.',
  'projects.emptyChange': 'Nothing to change.',
  'projects.queryRequired': 'Give either user or id.',
} as const;
