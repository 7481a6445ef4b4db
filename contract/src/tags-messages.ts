/** The tags API's messages (D14); free of imports so that messages.ts can gather them without a cycle. */
export const tagsMessages = {
  'tags.nameRequired': 'Please enter a tag name.',
  'tags.nameLength': 'The tag name must have at most 30 characters.',
  'tags.nameTaken': 'You already have a tag with this name.',
  'tags.colorRequired': 'Please choose a colour.',
  'tags.colorInvalid': 'The colour must be a hex value such as #7367f0.',
  'tags.changeRequired': 'Please change the name or the colour.',
  'tags.builtIn': 'Built-in tags cannot be changed or deleted.',
} as const;
