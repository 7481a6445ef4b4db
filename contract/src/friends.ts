/** Friends, friend requests (D12) and groups of friends (D13): what travels over /api/friends and /api/groups. */
import { z } from 'zod';
import { friendsMessages } from './friends-messages';
import { messages } from './messages';
import { publicUser } from './people';
import { userId } from './users';

export { friendsMessages } from './friends-messages';

/** A pending friend request: `from` asked `to`. Accepted and declined requests are gone. */
export const friendRequest = z
  .object({
    _id: userId.describe('The request id'),
    from: publicUser,
    to: publicUser,
    createdAt: z.string(),
  })
  .meta({ id: 'FriendRequest' });
export type FriendRequest = z.infer<typeof friendRequest>;

/** The signed-in user's pending requests: received and sent. */
export const friendRequests = z
  .object({ incoming: z.array(friendRequest), outgoing: z.array(friendRequest) })
  .meta({ id: 'FriendRequests' });
export type FriendRequests = z.infer<typeof friendRequests>;

export const sendFriendRequestInput = z
  .strictObject({
    userId: z
      .string({ error: friendsMessages['friends.userRequired'] })
      .regex(/^[1-9][0-9]{0,9}$/, friendsMessages['friends.userRequired'])
      // Ids are 32-bit on PostgreSQL: a larger number names nobody, and says so as bad input.
      .refine((value) => Number(value) <= 2_147_483_647, friendsMessages['friends.userRequired']),
  })
  .meta({ id: 'SendFriendRequestInput' });
export type SendFriendRequestInput = z.infer<typeof sendFriendRequestInput>;

/** `/api/friends/{userId}`. */
export const friendParams = z.object({ userId });

export const group = z
  .object({
    _id: userId.describe('The group id'),
    name: z.string(),
    members: z.array(publicUser),
    createdAt: z.string(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof group>;

const groupName = z
  .string({
    error: (issue) =>
      issue.input === undefined ? friendsMessages['groups.nameRequired'] : messages['validation.text'],
  })
  .trim()
  .min(1, friendsMessages['groups.nameRequired'])
  .max(50, friendsMessages['groups.nameLength']);

const memberIds = z
  .array(
    z
      .string({ error: friendsMessages['groups.membersInvalid'] })
      .regex(/^[1-9][0-9]*$/, friendsMessages['groups.membersInvalid']),
    { error: friendsMessages['groups.membersInvalid'] },
  )
  .max(500, friendsMessages['groups.membersInvalid']);

export const createGroupInput = z
  .strictObject({ name: groupName, memberIds: memberIds.default([]) })
  .meta({ id: 'CreateGroupInput' });
export type CreateGroupInput = z.input<typeof createGroupInput>;

export const updateGroupInput = z
  .strictObject({ name: groupName.optional(), memberIds: memberIds.optional() })
  .meta({ id: 'UpdateGroupInput' });
export type UpdateGroupInput = z.input<typeof updateGroupInput>;
