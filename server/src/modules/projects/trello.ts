/**
 * A Trello board export (board menu → Print, export and share → Export as JSON) converted to our
 * portable board (contract/src/board-transfer.ts), which the import then writes like one of our own
 * exports. Pure: no database, no clock.
 *
 * What counts as a Trello export: a JSON object whose `id` is 24 hex digits (a Trello object id),
 * with a text `name` and `lists`, `cards` and `labels` arrays; `checklists` and `actions`, when
 * present, are arrays. The many other fields (`prefs`, `labelNames`, `idOrganization`, `members`,
 * `customFields`, …) are not required and not read, so exports from older or newer Trello still
 * pass. Our own export (`format`, no `id`), a Trello card export (no `lists`) and Wekan, Planka or
 * Focalboard files (`_id`, `title`, numeric or other ids) do not.
 *
 * Damage: every field we read must have its type (text, number, boolean, ISO date and time, list
 * of such); if one does not, the file is refused as a whole (null) rather than imported in part.
 * References that lead nowhere are the other kind of damage, and Trello does write them (a label
 * deleted from the board stays in a card's `idLabels`; an action outlives its card): the piece
 * that refers is left out: a card whose list is missing, a checklist or comment whose card is
 * missing, a card's unknown label; of a list or card id given twice, the first by `pos` is kept.
 *
 * Limits: texts are trimmed and cut to our lengths (in characters, never half an emoji); empty names
 * get "Trello board", "Untitled list", "Untitled card". Counts are not cut: a board with more than
 * 500 lists, 5,000 cards or 200 tags comes back as it is and fails `boardExport.shape.board`,
 * which the import runs on every board it writes (answering "too large" rather than "not Trello").
 *
 * Not mapped: Trello's members (they are not our users, so cards lose their members and comments
 * keep their author's name as text only), attachments, covers, stickers, votes, custom fields,
 * start dates and reminders, check items' due dates and members, power-ups.
 */
import {
  DEFAULT_HEADER_COLOR,
  isBuiltInTagName,
  TAG_NAME_MAX,
  type PortableBoard,
  type PortableComment,
  type PortableItem,
  type PortableList,
  type PortableTag,
  type PortableTodo,
} from '@cadence/contract';
import { z } from 'zod';

type HeaderColor = PortableList['headerColor'];

// ---- Trello's shape: only what we read; everything else passes untouched ------------------------

const trelloId = z.string().min(1);
/** Trello orders by `pos`, a float (16384, 32768.5, …); missing, a row goes after the others. */
const position = z.number().optional();
const dateTime = z.iso.datetime({ offset: true });

const trelloLabel = z.looseObject({
  id: trelloId,
  name: z.string().nullish(),
  color: z.string().nullish(),
});

const trelloList = z.looseObject({
  id: trelloId,
  name: z.string(),
  closed: z.boolean().optional(),
  pos: position,
  color: z.string().nullish(),
});

const trelloCard = z.looseObject({
  id: trelloId,
  name: z.string(),
  idList: trelloId,
  pos: position,
  desc: z.string().nullish(),
  due: dateTime.nullish(),
  dueComplete: z.boolean().optional(),
  closed: z.boolean().optional(),
  idLabels: z.array(trelloId).optional(),
});

const trelloChecklist = z.looseObject({
  idCard: trelloId,
  name: z.string().nullish(),
  pos: position,
  checkItems: z.array(
    z.looseObject({ name: z.string(), state: z.enum(['complete', 'incomplete']), pos: position }),
  ),
});

/** Actions come in dozens of types; only a comment's fields are read, so only comments are checked. */
const trelloAction = z.looseObject({ type: z.string() });
const trelloComment = z.looseObject({
  type: z.literal('commentCard'),
  date: dateTime,
  data: z.looseObject({ text: z.string(), card: z.looseObject({ id: trelloId }) }),
  memberCreator: z.looseObject({ fullName: z.string().nullish(), username: z.string().nullish() }).nullish(),
});

const trelloBoard = z.looseObject({
  id: z.string().regex(/^[0-9a-f]{24}$/i),
  name: z.string(),
  desc: z.string().nullish(),
  lists: z.array(trelloList),
  cards: z.array(trelloCard),
  labels: z.array(trelloLabel),
  checklists: z.array(trelloChecklist).optional(),
  actions: z.array(trelloAction).optional(),
});

type TrelloCard = z.infer<typeof trelloCard>;
type TrelloChecklist = z.infer<typeof trelloChecklist>;
type TrelloComment = z.infer<typeof trelloComment>;

// ---- Colours ----------------------------------------------------------------------------------

/**
 * Trello's label colours as Trello shows them today (the 2023 palette): each colour name, and its
 * `_dark` and `_light` variants.
 */
export const trelloLabelColors: Readonly<Record<string, string>> = {
  green: '#4bce97',
  green_dark: '#1f845a',
  green_light: '#baf3db',
  yellow: '#f5cd47',
  yellow_dark: '#946f00',
  yellow_light: '#f8e6a0',
  orange: '#fea362',
  orange_dark: '#c25100',
  orange_light: '#fedec8',
  red: '#f87168',
  red_dark: '#c9372c',
  red_light: '#ffd5d2',
  purple: '#9f8fef',
  purple_dark: '#6e5dc6',
  purple_light: '#dfd8fd',
  blue: '#579dff',
  blue_dark: '#0c66e4',
  blue_light: '#cce0ff',
  sky: '#6cc3e0',
  sky_dark: '#227d9b',
  sky_light: '#c6edfb',
  lime: '#94c748',
  lime_dark: '#5b7f24',
  lime_light: '#d3f1a7',
  pink: '#e774bb',
  pink_dark: '#ae4787',
  pink_light: '#fdd0ec',
  black: '#8590a2',
  black_dark: '#626f86',
  black_light: '#dcdfe4',
};
/** A label without a colour (or with one Trello may add later): a quiet grey. */
export const TRELLO_NO_COLOR = '#c1c7d0';

/** Trello's list colours (any variant) to the nearest of our eight header colours. */
const listColors: Readonly<Record<string, HeaderColor>> = {
  green: 'green',
  lime: 'green',
  yellow: 'orange',
  orange: 'orange',
  red: 'red',
  purple: 'purple',
  blue: 'blue',
  sky: 'teal',
  pink: 'pink',
  black: 'gray',
};

const own = <T>(map: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined;

function labelColor(color: string | null | undefined): string {
  return (color && own(trelloLabelColors, color.toLowerCase())) || TRELLO_NO_COLOR;
}

function headerColor(color: string | null | undefined): HeaderColor {
  const base = (color ?? '').toLowerCase().replace(/_(dark|light)$/, '');
  return own(listColors, base) ?? DEFAULT_HEADER_COLOR;
}

// ---- Helpers ----------------------------------------------------------------------------------

/**
 * Trimmed, without NUL characters (the database refuses them), at most `max` characters: code
 * points, as the contract's Zod counts them, so an emoji is never cut in half.
 */
function clip(text: string, max: number): string {
  const trimmed = text.replaceAll('\u0000', '').trim();
  if (trimmed.length <= max) return trimmed;
  const characters = Array.from(trimmed);
  return characters.length <= max ? trimmed : characters.slice(0, max).join('').trimEnd();
}

/** By `pos`, rows without one last; equal positions keep the file's order. */
function inOrder<T extends { pos?: number | undefined }>(rows: readonly T[]): T[] {
  const at = (row: T) => row.pos ?? Number.POSITIVE_INFINITY;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => at(a.row) - at(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const toInstant = (value: string) => new Date(value).toISOString();

// ---- Labels → tags ----------------------------------------------------------------------------

interface TagMapping {
  /** The board's own tags, in Trello's label order. */
  tags: PortableTag[];
  /** A Trello label's id → the tag name its cards carry (the board's tag, or a built-in). */
  byLabel: Map<string, string>;
}

/**
 * Each label becomes a tag: its name cut to 30 characters, its colour in hex. A label named like
 * a built-in (any case: "High") is that built-in. Names equal in any case are one tag (the first
 * label's spelling and colour). A label without a name is named after its colour ("green",
 * "green dark"), but only when a card carries it: every new Trello board comes with six unnamed
 * colour labels, and those would otherwise fill the tag list. Neither name nor colour: skipped.
 */
function mapLabels(labels: z.infer<typeof trelloLabel>[], cards: TrelloCard[]): TagMapping {
  const used = new Set(cards.flatMap((card) => card.idLabels ?? []));
  const tags: PortableTag[] = [];
  const byLabel = new Map<string, string>();
  const byLowerName = new Map<string, string>();
  for (const label of labels) {
    let name = clip(label.name ?? '', TAG_NAME_MAX);
    if (name === '') {
      if (!label.color || !used.has(label.id)) continue;
      name = clip(label.color.replaceAll('_', ' '), TAG_NAME_MAX);
      if (name === '') continue;
    }
    const lower = name.toLowerCase();
    if (isBuiltInTagName(lower)) {
      byLabel.set(label.id, lower);
      continue;
    }
    let tagName = byLowerName.get(lower);
    if (tagName === undefined) {
      tagName = name;
      tags.push({ name, color: labelColor(label.color) });
      byLowerName.set(lower, name);
    }
    byLabel.set(label.id, tagName);
  }
  return { tags, byLabel };
}

// ---- Cards ------------------------------------------------------------------------------------

/**
 * A card's check items, checklist by checklist (each by `pos`). With two or more checklists that
 * have items, each text starts with its checklist's name ("Mobile: Test on Safari"), as our cards
 * have one checklist.
 */
function todosOf(checklists: TrelloChecklist[]): PortableTodo[] {
  const withItems = inOrder(checklists)
    .map((checklist) => ({
      name: clip(checklist.name ?? '', 500),
      items: inOrder(checklist.checkItems)
        .map((item) => ({ text: clip(item.name, 500), done: item.state === 'complete' }))
        .filter((item) => item.text !== ''),
    }))
    .filter((checklist) => checklist.items.length > 0);
  const prefixed = withItems.length > 1;
  return withItems.flatMap((checklist) =>
    checklist.items.map((item) => ({
      text: prefixed && checklist.name !== '' ? clip(`${checklist.name}: ${item.text}`, 500) : item.text,
      done: item.done,
    })),
  );
}

/** Oldest first; Trello lists actions newest first, so equal times take the file's order backwards. */
function commentsOf(comments: { comment: TrelloComment; index: number }[]): PortableComment[] {
  return comments
    .map(({ comment, index }) => ({ comment, index, at: Date.parse(comment.date) }))
    .sort((a, b) => a.at - b.at || b.index - a.index)
    .map(({ comment }) => ({
      author:
        clip(comment.memberCreator?.fullName || comment.memberCreator?.username || '', 100) || 'Trello user',
      text: clip(comment.data.text, 4000),
      createdAt: toInstant(comment.date),
    }))
    .filter((comment) => comment.text !== '');
}

function tagsOf(card: TrelloCard, byLabel: Map<string, string>): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const labelId of card.idLabels ?? []) {
    const name = byLabel.get(labelId);
    if (name === undefined || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    tags.push(name);
  }
  return tags;
}

// ---- The board --------------------------------------------------------------------------------

/** The Trello export as our portable board, or null when `json` is not a Trello board export. */
export function fromTrello(json: unknown): PortableBoard | null {
  const parsed = trelloBoard.safeParse(json);
  if (!parsed.success) return null;
  const board = parsed.data;

  const comments: { comment: TrelloComment; index: number }[] = [];
  for (const [index, action] of (board.actions ?? []).entries()) {
    if (action.type !== 'commentCard') continue;
    const comment = trelloComment.safeParse(action);
    if (!comment.success) return null;
    comments.push({ comment: comment.data, index });
  }
  const commentsByCard = groupBy(comments, ({ comment }) => comment.data.card.id);
  const checklistsByCard = groupBy(board.checklists ?? [], (checklist) => checklist.idCard);
  const { tags, byLabel } = mapLabels(board.labels, board.cards);

  const lists = new Map<string, PortableList>();
  for (const list of inOrder(board.lists)) {
    if (lists.has(list.id)) continue;
    lists.set(list.id, {
      name: clip(list.name, 100) || 'Untitled list',
      status: list.closed ? 'inactive' : 'active',
      headerColor: headerColor(list.color),
      items: [],
    });
  }

  const seenCards = new Set<string>();
  for (const card of inOrder(board.cards)) {
    const list = lists.get(card.idList);
    if (!list || seenCards.has(card.id)) continue;
    seenCards.add(card.id);
    const dueAt = card.due ? toInstant(card.due) : null;
    const item: PortableItem = {
      name: clip(card.name, 100) || 'Untitled card',
      description: clip(card.desc ?? '', 2000),
      dueAt,
      dueComplete: dueAt !== null && card.dueComplete === true,
      archived: card.closed === true,
      tags: tagsOf(card, byLabel),
      todos: todosOf(checklistsByCard.get(card.id) ?? []),
      comments: commentsOf(commentsByCard.get(card.id) ?? []),
    };
    list.items.push(item);
  }

  return {
    name: clip(board.name, 100) || 'Trello board',
    description: clip(board.desc ?? '', 2000),
    tags,
    lists: [...lists.values()],
  };
}
