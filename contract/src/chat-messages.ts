/** The chat API's messages (D37); free of imports so that messages.ts can gather them without a cycle. */
export const chatMessages = {
  'chat.messageRequired': 'Please write a message.',
  'chat.messageLength': 'A message may have at most 4,000 characters.',
  'chat.target': 'Choose a friend or a group.',
  'chat.notFriend': 'You can chat only with your friends.',
  'chat.closed': 'You are no longer friends: this chat is closed to new messages.',
  'chat.before': 'This must be the id of a message.',
} as const;
