/** The help centre's messages (D35); free of imports so that messages.ts can gather them. */
export const helpMessages = {
  'help.langInvalid': 'Choose a language: en, fr, de or pt.',
  'help.queryTooLong': 'Search for at most 200 characters.',
  'help.slugInvalid': 'This address names no help page.',
} as const;
