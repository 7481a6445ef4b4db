/**
 * One card of a column: the element @hello-pangea/dnd moves (the card is its own drag handle) and
 * the face it shows. The same component draws the card in its column and the clone that follows
 * the pointer during a drag (virtual lists drag a clone), so the two always look alike.
 */
import { DEFAULT_ITEM_DESCRIPTION, type ListItem, type PublicUser } from '@cadence/contract';
import type { DraggableProvided, DraggableStateSnapshot, DraggableStyle } from '@hello-pangea/dnd';
import { IconAlignLeft, IconChecklist, IconMessage } from '@tabler/icons-react';
import { createContext, type CSSProperties, memo, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { isTemporaryId, progressOf } from '../model/board';
import classes from './board.module.css';
import { DueBadge } from './card-due';
import { CardMemberAvatars } from './card-members';
import { CardTagChips } from './card-tags';

/**
 * What every card of a board draws with: the board's people (card members are among them) and the
 * account's time zone (due dates). Provided once by the board page, so a card reads the account
 * and the board's people without each one subscribing to them.
 */
export interface CardSurroundings {
  people: PublicUser[];
  timeZone: string;
}

export const CardSurroundingsContext = createContext<CardSurroundings>({
  people: [],
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

/** The space between two cards (px): the column's virtual list and the card's margin agree on it. */
export const CARD_GAP = 8;

/**
 * A card's height (px) before it is measured, from what its face shows: the column places the
 * cards it has not drawn yet with it. Keep it in step with the face (a line of text, the to-do
 * line); the measured height replaces it once the card is drawn.
 */
export function estimateCardHeight(item: ListItem): number {
  const lines = Math.max(1, Math.ceil(item.name.length / 32));
  const tags = item.tags.length > 0 ? 24 : 0;
  const badges = hasBadges(item) ? 26 : 0;
  return 18 + lines * 20 + tags + badges;
}

/** A description written (new items carry the spec's default text, D16, which is none). */
const hasDescription = (item: ListItem) =>
  item.description.trim() !== '' && item.description !== DEFAULT_ITEM_DESCRIPTION;

/** Whether the card's face has a line of badges under its name (and tags). */
const hasBadges = (item: ListItem) =>
  item.todos.length > 0 ||
  item.dueAt !== null ||
  item.members.length > 0 ||
  item.commentCount > 0 ||
  hasDescription(item);

export interface ItemCardProps {
  item: ListItem;
  listId: string;
  /** Opens the card's dialog (a click, or Enter on the focused card). */
  onOpen: (itemId: string, listId: string) => void;
  /** @hello-pangea/dnd's wiring of the card's element, and its drag state. */
  provided: DraggableProvided;
  snapshot: DraggableStateSnapshot;
  /**
   * In a column: the card's index and top (px) in the column's virtual list, and the ref that
   * measures it there. The clone that is being dragged has none of them.
   */
  index?: number;
  top?: number;
  measureRef?: (element: HTMLElement | null) => void;
}

/**
 * Memoised: the column re-renders a card only when its item, its place or its drag state
 * changes; a card moved aside during a drag re-renders its element (a new transform), not its face.
 */
export const ItemCard = memo(function ItemCard({
  item,
  listId,
  onOpen,
  provided,
  snapshot,
  index,
  top,
  measureRef,
}: ItemCardProps) {
  const pending = isTemporaryId(item._id);
  const { innerRef } = provided;
  // One stable ref for dnd and the virtual list: a new function each render would detach and
  // re-attach the element, and the list would measure it again on every drag frame.
  const ref = useCallback(
    (element: HTMLElement | null) => {
      innerRef(element);
      measureRef?.(element);
    },
    [innerRef, measureRef],
  );
  const dragStyle = provided.draggableProps.style;
  const style: CSSProperties | undefined =
    top === undefined
      ? dropStyle(dragStyle, snapshot.isDropAnimating)
      : { ...dropStyle(dragStyle, snapshot.isDropAnimating), top };
  return (
    <div
      ref={ref}
      {...provided.draggableProps}
      {...provided.dragHandleProps}
      style={style}
      className={classes.card}
      data-index={index}
      data-placed={top !== undefined || undefined}
      data-dragging={snapshot.isDragging || undefined}
      data-pending={pending || undefined}
      data-testid="board-item"
      data-item-id={item._id}
      onClick={() => {
        if (!pending) onOpen(item._id, listId);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !pending) onOpen(item._id, listId);
      }}
    >
      <CardFace item={item} />
    </div>
  );
});

/**
 * What a card shows. The item's name comes first, as the card's first text (the browser tests
 * read a card's name there); then its tags, and a line of badges: the due date (red when overdue,
 * orange when due soon), a description, the to-do progress, the comments and the members.
 */
const CardFace = memo(function CardFace({ item }: { item: ListItem }) {
  return (
    <>
      {item.name}
      {item.tags.length > 0 && (
        <div className={classes.tags}>
          <CardTagChips tags={item.tags} />
        </div>
      )}
      {hasBadges(item) && <CardBadges item={item} />}
    </>
  );
});

function CardBadges({ item }: { item: ListItem }) {
  const { t } = useTranslation();
  const { people, timeZone } = useContext(CardSurroundingsContext);
  const progress = item.todos.length > 0 ? progressOf(item.todos) : null;
  return (
    <div className={classes.badges}>
      <DueBadge dueAt={item.dueAt} dueComplete={item.dueComplete} timeZone={timeZone} size="sm" />
      {hasDescription(item) && (
        <span className={classes.badge} title={t('projects.card.hasDescription')}>
          <IconAlignLeft size={14} aria-label={t('projects.card.hasDescription')} />
        </span>
      )}
      {progress && (
        <span
          className={classes.badge}
          data-complete={progress.done === progress.total || undefined}
          data-testid="card-todos"
        >
          <IconChecklist size={14} aria-hidden />
          {progress.done}/{progress.total}
        </span>
      )}
      {item.commentCount > 0 && (
        <span
          className={classes.badge}
          aria-label={t('projects.card.comments', { count: item.commentCount })}
          data-testid="card-comment-count"
        >
          <IconMessage size={14} aria-hidden />
          {item.commentCount}
        </span>
      )}
      <span className={classes.members}>
        <CardMemberAvatars memberIds={item.members} people={people} size="sm" max={3} />
      </span>
    </div>
  );
}

/**
 * A dropped card lands at once rather than gliding into place (the library's drop animation
 * lasts a third of a second, before the board may change).
 */
export function dropStyle(style: DraggableStyle | undefined, dropping: boolean): CSSProperties | undefined {
  return dropping && style ? { ...style, transitionDuration: '0.001s' } : style;
}
