/**
 * The English texts of the friends and groups answers (D12, D13). Free of zod, like messages.ts
 * which spreads them, so the sign-in pages do not load the schemas (decision 15).
 */
export const friendsMessages = {
  'friends.self': 'You cannot send a friend request to yourself.',
  'friends.alreadyFriends': 'You are already friends with this user.',
  'friends.requestExists': 'A friend request between you and this user is already pending.',
  'friends.userRequired': 'Please choose a user.',
  'groups.nameRequired': 'Please enter a name for the group.',
  'groups.nameLength': 'The group name must have at most 50 characters.',
  'groups.nameTaken': 'You already have a group with this name.',
  'groups.notFriend': 'Only your friends can be members of your groups.',
  'groups.membersInvalid': 'The members must be a list of user ids.',
} as const;
