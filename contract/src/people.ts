/** What any signed-in user may see of another (D11), and the list shapes shared by resources. */
import { z } from 'zod';
import { userId } from './users';

export const publicUser = z
  .object({
    _id: userId,
    username: z.string(),
    fullName: z.string(),
    avatar: z.string().nullable(),
    country: z.string(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUser>;

/** `{data, count}`: the spec's list shape (D11, D18). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), count: z.number().int().min(0) });
}

/** A numeric id in a path, e.g. /api/users/{id}. */
export const idParams = z.object({ id: userId });
