/**
 * The tags read that several screens share (D14): the tags page, and the pages whose things carry
 * tags (goals), which show each tag in its colour and filter by it.
 */
import type { TagList } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { tagsKey } from './keys';

export const getTagsQueryOptions = () =>
  queryOptions({
    queryKey: tagsKey,
    queryFn: () => api.get<TagList>('/tags'),
  });

/** A tag's colour by its name, gray for a name the user no longer has. */
export function tagColorOf(tags: TagList | undefined, name: string): string {
  return tags?.data.find((tag) => tag.name === name)?.color ?? '#868e96';
}
