/**
 * Tags (D14): the five built-in tags every user has, each with a fixed colour, and the user's own
 * tags with a name and a hex colour.
 */
import { z } from 'zod';
import { requiredText as text } from './fields';
import { listOf } from './people';
import { routeParams } from './routes';
import { tagsMessages } from './tags-messages';

export { tagsMessages };

export const builtInTagNames = routeParams.tag;
export type BuiltInTagName = (typeof builtInTagNames)[number];

export const builtInTagColors: Record<BuiltInTagName, string> = {
  team: '#7367f0',
  low: '#28c76f',
  medium: '#ff9f43',
  high: '#ea5455',
  update: '#00cfe8',
};

/** Built-in names are reserved whatever their case: "Team" would be confused with "team". */
export function isBuiltInTagName(name: string): boolean {
  return (builtInTagNames as readonly string[]).includes(name.toLowerCase());
}

export const TAG_NAME_MAX = 30;

const tagName = text(tagsMessages['tags.nameRequired'])
  .trim()
  .min(1, tagsMessages['tags.nameRequired'])
  .max(TAG_NAME_MAX, tagsMessages['tags.nameLength']);

const tagColor = text(tagsMessages['tags.colorRequired'])
  .trim()
  .min(1, tagsMessages['tags.colorRequired'])
  .regex(/^#[0-9a-fA-F]{6}$/, tagsMessages['tags.colorInvalid'])
  .toLowerCase();

/** A built-in tag's name, or a user tag's numeric id. */
export const tagId = z.string().min(1).max(32);

export const tagIdParams = z.object({ id: tagId });

export const tag = z
  .object({
    _id: tagId,
    name: z.string(),
    color: z.string().describe('#rrggbb, lower case'),
    builtIn: z.boolean().describe('One of the five tags every user has; it cannot be changed'),
  })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof tag>;

export const tagList = listOf(tag).meta({ id: 'TagList' });
export type TagList = z.infer<typeof tagList>;

export const createTagInput = z
  .strictObject({ name: tagName, color: tagColor })
  .meta({ id: 'CreateTagInput' });
export type CreateTagInput = z.infer<typeof createTagInput>;

export const updateTagInput = z
  .strictObject({ name: tagName.optional(), color: tagColor.optional() })
  .refine((input) => input.name !== undefined || input.color !== undefined, {
    message: tagsMessages['tags.changeRequired'],
  })
  .meta({ id: 'UpdateTagInput' });
export type UpdateTagInput = z.infer<typeof updateTagInput>;
