/** The to-dos' API messages (D20, D30); free of imports so that messages.ts can gather them. */
export const todosMessages = {
  'todos.titleRequired': 'Please enter a title.',
  'todos.titleLength': 'The title must have at most 200 characters.',
  'todos.descriptionLength': 'The description must have at most 5000 characters.',
  'todos.dueDateInvalid': 'Enter the due date as YYYY-MM-DD.',
  'todos.tagsLength': 'A task may have at most 20 tags.',
  'todos.tagUnknown': 'Choose tags from your tags.',
  'todos.assigneeNotFriend': 'Assignees must be you or your friends.',
  'todos.assigneesLength': 'A task may have at most 50 assignees.',
  'todos.groupUnknown': 'Choose one of your groups.',
  'todos.repeatInvalid': 'Repeat every 1 to 365 days, weeks, months or years.',
  'todos.userNotYou': 'A task is always added as your own.',
  'todos.userForbidden': 'You may only list your own tasks.',
  'todos.assigneeOnlyCompletes': 'As an assignee you may only mark the task completed or not.',
  'todos.ownerOnly': 'Only the owner of the task may do this.',
  'todos.emptyChange': 'Nothing to change.',
} as const;
