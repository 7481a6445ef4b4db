/**
 * Project boards (spec parts 3, 4, 7; D16–D18): boards with members, lists in order, items in
 * order, and each item's to-do checklist. Paths and payloads are the spec's Projects table.
 */
import { z } from 'zod';
import { projectsMessages as m } from './projects-messages';
import { publicUser } from './people';
import { userId } from './users';

export { projectsMessages } from './projects-messages';

/** Ids in paths and bodies: positive 32-bit integers as strings. */
export const entityId = userId;

export const boardStatuses = ['active', 'inactive'] as const;
export const headerColors = ['purple', 'blue', 'green', 'orange', 'red', 'teal', 'pink', 'gray'] as const;
export const DEFAULT_HEADER_COLOR = 'purple';
export const DEFAULT_ITEM_DESCRIPTION = 'No description yet';

const name = z
  .string({ error: m['projects.nameRequired'] })
  .trim()
  .min(1, m['projects.nameRequired'])
  .max(100, m['projects.nameLength']);
const description = z
  .string({ error: m['projects.descriptionLength'] })
  .trim()
  .max(2000, m['projects.descriptionLength']);
const index = z
  .number({ error: m['projects.indexInvalid'] })
  .int(m['projects.indexInvalid'])
  .min(0, m['projects.indexInvalid']);
const todoText = z
  .string({ error: m['projects.textRequired'] })
  .trim()
  .min(1, m['projects.textRequired'])
  .max(500, m['projects.textLength']);

export const itemTodo = z
  .object({ _id: entityId, text: z.string(), done: z.boolean() })
  .meta({ id: 'ItemTodo' });
export type ItemTodo = z.infer<typeof itemTodo>;

export const listItem = z
  .object({ _id: entityId, name: z.string(), description: z.string(), todos: z.array(itemTodo) })
  .meta({ id: 'ListItem' });
export type ListItem = z.infer<typeof listItem>;

export const boardList = z
  .object({
    _id: entityId,
    name: z.string(),
    status: z.enum(boardStatuses),
    project: entityId,
    headerColor: z.enum(headerColors),
    items: z.array(listItem),
  })
  .meta({ id: 'BoardList' });
export type BoardList = z.infer<typeof boardList>;

const boardBase = z.object({
  _id: entityId,
  name: z.string(),
  description: z.string(),
  status: z.enum(boardStatuses),
  /** The owner's id. */
  user: entityId,
  members: z.array(publicUser),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A board as the board page reads it: lists and items embedded, in order (D18). */
export const board = boardBase
  .extend({
    lists: z.array(boardList),
    version: z
      .number()
      .int()
      .describe('Grows with every change; the live stream’s `board` events carry it (D38)'),
  })
  .meta({ id: 'Board' });
export type Board = z.infer<typeof board>;

/** A board in the projects list. */
export const boardSummary = boardBase
  .extend({ listCount: z.number().int(), itemCount: z.number().int() })
  .meta({ id: 'BoardSummary' });
export type BoardSummary = z.infer<typeof boardSummary>;

export const projectsQuery = z
  .object({ user: entityId.optional(), id: entityId.optional() })
  .refine((q) => (q.user === undefined) !== (q.id === undefined), m['projects.queryRequired']);

const members = {
  /** Friends to add as members (the project's assignees). */
  assignees: z.array(entityId).max(100).optional(),
  /** A group whose members join (D13: expanded at the moment of sharing). */
  group: entityId.nullable().optional(),
};

export const createBoardInput = z
  .strictObject({ name, description: description.optional(), ...members })
  .meta({ id: 'CreateBoardInput' });
export type CreateBoardInput = z.infer<typeof createBoardInput>;

/**
 * PUT /projects/{id}: the spec sends the whole board; the fields the server keeps are name,
 * description, status and members (`memberIds` replaces the list). Embedded lists, ids and dates
 * are accepted and ignored.
 */
export const updateBoardInput = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    status: z.enum(boardStatuses).optional(),
    memberIds: z.array(entityId).max(100).optional(),
    ...members,
    _id: z.unknown().optional(),
    user: z.unknown().optional(),
    members: z.unknown().optional(),
    lists: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    updatedAt: z.unknown().optional(),
    version: z.unknown().optional(),
    listCount: z.unknown().optional(),
    itemCount: z.unknown().optional(),
  })
  .meta({ id: 'UpdateBoardInput' });
export type UpdateBoardInput = z.infer<typeof updateBoardInput>;

export const createListInput = z.strictObject({ name }).meta({ id: 'CreateListInput' });
export type CreateListInput = z.infer<typeof createListInput>;

/** PUT a list: {name}, {status:'inactive'}, the full list on restore, {headerColor}, or {index} (swap). */
export const updateListInput = z
  .strictObject({
    name: name.optional(),
    status: z.enum(boardStatuses).optional(),
    headerColor: z.enum(headerColors, { error: m['projects.colorInvalid'] }).optional(),
    index: index.optional(),
    _id: z.unknown().optional(),
    project: z.unknown().optional(),
    items: z.unknown().optional(),
  })
  .meta({ id: 'UpdateListInput' });
export type UpdateListInput = z.infer<typeof updateListInput>;

export const createItemInput = z
  .strictObject({ name, description: description.optional() })
  .meta({ id: 'CreateItemInput' });
export type CreateItemInput = z.infer<typeof createItemInput>;

/** PUT an item: its fields, and {index} for a swap within its list (D16). */
export const updateItemInput = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    index: index.optional(),
    _id: z.unknown().optional(),
    todos: z.unknown().optional(),
  })
  .meta({ id: 'UpdateItemInput' });
export type UpdateItemInput = z.infer<typeof updateItemInput>;

/** PUT /projects/{boardId}/lists/items/{itemId}: move within or across lists (D16). */
export const moveItemInput = z
  .strictObject({ fromList: entityId, toList: entityId, fromIndex: index, toIndex: index })
  .meta({ id: 'MoveItemInput' });
export type MoveItemInput = z.infer<typeof moveItemInput>;

export const createTodoInput = z
  .strictObject({ text: todoText, done: z.boolean().default(false) })
  .meta({ id: 'CreateTodoInput' });
export type CreateTodoInput = z.infer<typeof createTodoInput>;

export const updateTodoInput = z
  .strictObject({ text: todoText.optional(), done: z.boolean().optional(), _id: z.unknown().optional() })
  .meta({ id: 'UpdateTodoInput' });
export type UpdateTodoInput = z.infer<typeof updateTodoInput>;
