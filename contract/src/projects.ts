/**
 * Project boards (spec parts 3, 4, 7; D16–D18): boards with members, lists in order, items in
 * order, and each item's to-do checklist. Paths and payloads are the spec's Projects table.
 */
import { z } from 'zod';
import { foldText } from './text';
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
/** A board's name and description as every call that carries one checks them (export, import). */
export { name as boardName, description as boardDescription };
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

/** A tag on a card (D14): a built-in or someone's own tag, by name, with its colour. */
export const cardTag = z.object({ name: z.string(), color: z.string() }).meta({ id: 'CardTag' });
export type CardTag = z.infer<typeof cardTag>;

export const listItem = z
  .object({
    _id: entityId,
    name: z.string(),
    description: z.string(),
    todos: z.array(itemTodo),
    tags: z.array(cardTag),
    dueAt: z.string().nullable().describe('An ISO 8601 UTC instant, or null'),
    dueComplete: z.boolean(),
    /** The card's members: ids of the board's owner or members. */
    members: z.array(entityId),
    commentCount: z.number().int(),
    archived: z.boolean(),
  })
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
  /** The owner as others see them (card members are chosen from the owner and the members). */
  owner: publicUser,
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
    owner: z.unknown().optional(),
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

const dueAt = z.iso
  .datetime({ offset: true, error: m['projects.dueInvalid'] })
  .transform((value) => new Date(value).toISOString())
  .nullable();
/** Tags by name; the card's own `{name, color}` objects are accepted as they come back. */
const tagNames = z
  .array(
    z.union([
      z.string().trim().min(1).max(30),
      z.object({ name: z.string().trim().min(1).max(30) }).transform((tag) => tag.name),
    ]),
    { error: m['projects.tagUnknown'] },
  )
  .max(20, m['projects.tagUnknown']);

/** PUT an item: its fields, and {index} for a swap within its list (D16). */
export const updateItemInput = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    index: index.optional(),
    tags: tagNames.optional(),
    dueAt: dueAt.optional(),
    dueComplete: z.boolean().optional(),
    members: z.array(entityId).max(100).optional(),
    archived: z.boolean().optional(),
    _id: z.unknown().optional(),
    todos: z.unknown().optional(),
    commentCount: z.unknown().optional(),
  })
  .meta({ id: 'UpdateItemInput' });
export type UpdateItemInput = z.infer<typeof updateItemInput>;

/** PUT /projects/{boardId}/lists/items/{itemId}: move within or across lists (D16). */
export const moveItemInput = z
  .strictObject({ fromList: entityId, toList: entityId, fromIndex: index, toIndex: index })
  .meta({ id: 'MoveItemInput' });
export type MoveItemInput = z.infer<typeof moveItemInput>;

/**
 * A move's answer: the board's new version and the order of the lists it touched, which is all a
 * client needs to reconcile; a version more than one ahead of its own means others wrote meanwhile.
 */
export const moveItemResult = z
  .object({
    _id: entityId,
    version: z.number().int(),
    lists: z.array(z.object({ _id: entityId, items: z.array(entityId).describe('Item ids in order') })),
  })
  .meta({ id: 'MoveItemResult' });
export type MoveItemResult = z.infer<typeof moveItemResult>;

// ---- Comments and activity ------------------------------------------------------------------

const commentText = z
  .string({ error: m['projects.commentRequired'] })
  .trim()
  .min(1, m['projects.commentRequired'])
  .max(4000, m['projects.commentLength']);

export const itemComment = z
  .object({
    _id: entityId,
    author: publicUser,
    text: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    edited: z.boolean(),
  })
  .meta({ id: 'ItemComment' });
export type ItemComment = z.infer<typeof itemComment>;

export const commentInput = z.strictObject({ text: commentText }).meta({ id: 'CommentInput' });
export type CommentInput = z.infer<typeof commentInput>;

export const activityKinds = [
  'created',
  'moved',
  'renamed',
  'due-set',
  'due-removed',
  'member-added',
  'member-removed',
  'tag-added',
  'tag-removed',
  'archived',
  'restored',
  'imported',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** One line of a card's history; `detail` holds names as they were (lists, tags, people, dates). */
export const itemActivity = z
  .object({
    _id: entityId,
    actor: publicUser,
    kind: z.enum(activityKinds),
    detail: z.object({
      from: z.string().optional(),
      to: z.string().optional(),
      name: z.string().optional(),
      at: z.string().optional(),
    }),
    createdAt: z.string(),
  })
  .meta({ id: 'ItemActivity' });
export type ItemActivity = z.infer<typeof itemActivity>;

// ---- Filters ----------------------------------------------------------------------------------

export const dueFilters = ['overdue', 'week', 'none'] as const;
export type DueFilter = (typeof dueFilters)[number];

const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/**
 * A board's filter as the address carries it: `q` in a card's name or description (any case, any
 * accents), any of the `tag`s, any of the `member`s (`none`: no members), and a `due` state.
 */
export const boardFilterQuery = z.object({
  q: z.string().max(200).optional().default(''),
  tag: repeated,
  member: repeated,
  due: z.enum(dueFilters, { error: m['projects.filterInvalid'] }).optional(),
});
export type BoardFilter = z.output<typeof boardFilterQuery>;

export const DUE_SOON_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A card's due state at `now`: overdue, due within a day, later, done, or none. */
export function dueState(item: Pick<ListItem, 'dueAt' | 'dueComplete'>, now: number) {
  if (item.dueAt === null) return 'none' as const;
  if (item.dueComplete) return 'complete' as const;
  const at = Date.parse(item.dueAt);
  if (at < now) return 'overdue' as const;
  return at - now <= DUE_SOON_MS ? ('soon' as const) : ('later' as const);
}

export const isFiltering = (filter: BoardFilter) =>
  filter.q.trim() !== '' || filter.tag.length > 0 || filter.member.length > 0 || filter.due !== undefined;

/** Whether a card passes the filter; one definition for the board page and `GET …/items`. */
export function itemMatches(item: ListItem, filter: BoardFilter, now: number): boolean {
  const q = foldText(filter.q.trim());
  if (q && !foldText(item.name).includes(q) && !foldText(item.description).includes(q)) return false;
  if (filter.tag.length > 0) {
    const wanted = new Set(filter.tag.map((tag) => tag.toLowerCase()));
    if (!item.tags.some((tag) => wanted.has(tag.name.toLowerCase()))) return false;
  }
  if (filter.member.length > 0) {
    const none = filter.member.includes('none') && item.members.length === 0;
    if (!none && !item.members.some((member) => filter.member.includes(member))) return false;
  }
  if (filter.due === 'none' && item.dueAt !== null) return false;
  if (filter.due === 'overdue' && dueState(item, now) !== 'overdue') return false;
  if (filter.due === 'week') {
    const state = dueState(item, now);
    if (state !== 'soon' && state !== 'later') return false;
    if (Date.parse(item.dueAt!) - now > WEEK_MS) return false;
  }
  return true;
}

export const itemMatch = z
  .object({ _id: entityId, list: entityId, name: z.string() })
  .meta({ id: 'ItemMatch' });
export type ItemMatch = z.infer<typeof itemMatch>;

export const createTodoInput = z
  .strictObject({ text: todoText, done: z.boolean().default(false) })
  .meta({ id: 'CreateTodoInput' });
export type CreateTodoInput = z.infer<typeof createTodoInput>;

export const updateTodoInput = z
  .strictObject({ text: todoText.optional(), done: z.boolean().optional(), _id: z.unknown().optional() })
  .meta({ id: 'UpdateTodoInput' });
export type UpdateTodoInput = z.infer<typeof updateTodoInput>;
