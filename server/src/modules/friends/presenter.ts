/** Maps friend-request rows to the contract's `friendRequest`. */
import type { FriendRequest, PublicUser } from '@cadence/contract';

export interface FriendRequestRow {
  id: number;
  created_at: string;
}

export function presentFriendRequest(row: FriendRequestRow, from: PublicUser, to: PublicUser): FriendRequest {
  return { _id: String(row.id), from, to, createdAt: row.created_at };
}
