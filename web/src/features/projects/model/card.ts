/**
 * A card's details as the card dialog changes them: the optimistic change of a card in the cached
 * board, and the tags a card may be given (D14: the built-ins, my own, and those already on the
 * board's cards), each with its colour.
 */
import {
  type Board,
  builtInTagColors,
  builtInTagNames,
  type CardTag,
  type ListItem,
  type Tag,
} from '@cadence/contract';
import { findItem, replaceItem } from './board';

export type CardFields = Partial<Omit<ListItem, '_id' | 'todos'>>;

/** The board with one card changed; the same board when the card is not in that list. */
export function changeCard(
  board: Board,
  listId: string,
  itemId: string,
  change: CardFields | ((item: ListItem) => CardFields),
): Board {
  const found = findItem(board, itemId);
  if (!found || found.list._id !== listId) return board;
  const fields = typeof change === 'function' ? change(found.item) : change;
  return replaceItem(board, listId, itemId, { ...found.item, ...fields });
}

/**
 * The tags one may put on a card, each name once whatever its case: the card's own first (as they
 * are), then those on the board's cards, my own tags and the built-ins; sorted by name.
 */
export function tagChoices(board: Board, myTags: readonly Tag[] | undefined): CardTag[] {
  const byName = new Map<string, CardTag>();
  const add = (tag: CardTag) => {
    const key = tag.name.toLowerCase();
    if (!byName.has(key)) byName.set(key, { name: tag.name, color: tag.color });
  };
  for (const list of board.lists) for (const item of list.items) item.tags.forEach(add);
  myTags?.forEach(add);
  for (const name of builtInTagNames) add({ name, color: builtInTagColors[name] });
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The board's people: its owner, then its members (the card members are chosen among them). */
export function boardPeople(board: Pick<Board, 'owner' | 'members'>): Board['members'] {
  return [board.owner, ...board.members.filter((member) => member._id !== board.owner._id)];
}
