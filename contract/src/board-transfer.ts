/**
 * Moving a board between accounts and tools: our own export file (`cadence.board`, version 1) and
 * the portable board inside it, which is also what a Trello export is converted to before import
 * (server/src/modules/projects/trello.ts). The file carries no ids and no people: tags travel by
 * name, comments keep their author's name for information only.
 */
import { foldText } from './text';
import { z } from 'zod';
import { boardDescription, boardName, boardStatuses, DEFAULT_HEADER_COLOR, headerColors } from './projects';
import { projectsMessages as m } from './projects-messages';
import { builtInTagNames, isBuiltInTagName, TAG_NAME_MAX, tagsMessages as t } from './tags';

export const BOARD_EXPORT_FORMAT = 'cadence.board';

/** A board's export file name: "Café launch!" → "cafe-launch.json". */
export function exportFileName(boardName: string): string {
  const slug = foldText(boardName)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'board'}.json`;
}
export const BOARD_EXPORT_VERSION = 1;

/** How much one file may hold; an import beyond these is refused whole. */
export const BOARD_EXPORT_LIMITS = { lists: 500, items: 5000, tags: 200 } as const;

const name = boardName;
const description = boardDescription;
/** An ISO 8601 date and time with its offset, kept as the UTC instant (`…Z`). */
const instant = (error: string) =>
  z.iso.datetime({ offset: true, error }).transform((value) => new Date(value).toISOString());
const tagName = z
  .string({ error: t['tags.nameRequired'] })
  .trim()
  .min(1, t['tags.nameRequired'])
  .max(TAG_NAME_MAX, t['tags.nameLength']);

export const portableTag = z.object({
  name: tagName,
  color: z
    .string({ error: t['tags.colorRequired'] })
    .regex(/^#[0-9a-fA-F]{6}$/, t['tags.colorInvalid'])
    .toLowerCase(),
});
export type PortableTag = z.infer<typeof portableTag>;

export const portableTodo = z.object({
  text: z
    .string({ error: m['projects.textRequired'] })
    .trim()
    .min(1, m['projects.textRequired'])
    .max(500, m['projects.textLength']),
  done: z.boolean(),
});
export type PortableTodo = z.infer<typeof portableTodo>;

export const portableComment = z.object({
  /** Who wrote it, as the source named them (a username or a full name): shown, never linked to a user. */
  author: z.string().trim().min(1).max(100),
  text: z
    .string({ error: m['projects.commentRequired'] })
    .trim()
    .min(1, m['projects.commentRequired'])
    .max(4000, m['projects.commentLength']),
  createdAt: instant(m['projects.importInvalid']),
});
export type PortableComment = z.infer<typeof portableComment>;

export const portableItem = z.object({
  name,
  description: description.default(''),
  dueAt: instant(m['projects.dueInvalid']).nullable(),
  dueComplete: z.boolean(),
  archived: z.boolean(),
  /** Tag names: the board's own (`board.tags`) or built-ins, matched without regard to case; no repeats. */
  tags: z.array(tagName).max(BOARD_EXPORT_LIMITS.tags + builtInTagNames.length, m['projects.tagUnknown']),
  todos: z.array(portableTodo),
  comments: z.array(portableComment).default([]),
});
export type PortableItem = z.infer<typeof portableItem>;

export const portableList = z.object({
  name,
  status: z.enum(boardStatuses),
  headerColor: z.enum(headerColors, { error: m['projects.colorInvalid'] }).default(DEFAULT_HEADER_COLOR),
  items: z.array(portableItem).max(BOARD_EXPORT_LIMITS.items, m['projects.importInvalid']),
});
export type PortableList = z.infer<typeof portableList>;

/**
 * The board: besides each field's own rules, at most 5,000 items in all; tag names unique (any
 * case) and never a built-in's; every item's tags known to the board and not repeated.
 */
const portableBoard = z
  .object({
    name,
    description,
    tags: z.array(portableTag).max(BOARD_EXPORT_LIMITS.tags, m['projects.importInvalid']),
    lists: z.array(portableList).max(BOARD_EXPORT_LIMITS.lists, m['projects.importInvalid']),
  })
  .superRefine((board, ctx) => {
    const known = new Set<string>();
    board.tags.forEach((tag, index) => {
      const lower = tag.name.toLowerCase();
      if (isBuiltInTagName(lower) || known.has(lower)) {
        ctx.addIssue({ code: 'custom', path: ['tags', index, 'name'], message: t['tags.nameTaken'] });
      }
      known.add(lower);
    });
    let items = 0;
    board.lists.forEach((list, listIndex) => {
      items += list.items.length;
      list.items.forEach((item, itemIndex) => {
        const seen = new Set<string>();
        item.tags.forEach((tag, tagIndex) => {
          const lower = tag.toLowerCase();
          if ((!isBuiltInTagName(lower) && !known.has(lower)) || seen.has(lower)) {
            ctx.addIssue({
              code: 'custom',
              path: ['lists', listIndex, 'items', itemIndex, 'tags', tagIndex],
              message: m['projects.tagUnknown'],
            });
          }
          seen.add(lower);
        });
      });
    });
    if (items > BOARD_EXPORT_LIMITS.items) {
      ctx.addIssue({ code: 'custom', path: ['lists'], message: m['projects.importInvalid'] });
    }
  });
export type PortableBoard = z.infer<typeof portableBoard>;

/** Our board export file. Fields it does not know are dropped, so a later minor addition still imports. */
export const boardExport = z.object({
  format: z.literal(BOARD_EXPORT_FORMAT, { error: m['projects.importFormat'] }),
  version: z.literal(BOARD_EXPORT_VERSION, { error: m['projects.importFormat'] }),
  exportedAt: instant(m['projects.importInvalid']),
  board: portableBoard,
});
export type BoardExport = z.infer<typeof boardExport>;
