/**
 * One list of the board: a draggable column with its coloured header (rename, colour, archive),
 * its cards (draggable within and across lists) and the "Add an item" form at the bottom.
 * A column scrolls on its own and draws only the cards in view and a few more: a virtual list
 * (@tanstack/react-virtual, each card measured once drawn) in @hello-pangea/dnd's virtual mode,
 * so the drag library measures only the cards drawn whatever the length of the list. The library
 * follows one scroll container per list (the column) and the window, not the board scrolling
 * sideways around the columns: a carried card does not scroll the board (the page holds it still
 * meanwhile), and in development the library warns of the nested scroll container at each drag.
 * Columns and cards are memoised: a change re-renders only the lists it touches.
 */
import type { BoardList, ListItem } from '@cadence/contract';
import {
  Draggable,
  type DraggableChildrenFn,
  type DraggableProvidedDragHandleProps,
  Droppable,
  type DroppableProvidedProps,
} from '@hello-pangea/dnd';
import { ActionIcon, Badge, ColorSwatch, Menu, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArchive, IconGripVertical, IconPalette } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  createContext,
  type CSSProperties,
  memo,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useUndoableToast } from '../../../lib/use-undo';
import { useUpdateList } from '../api/projects-api';
import { isTemporaryId } from '../model/board';
import { AddItemForm } from './add-item-form';
import classes from './board.module.css';
import { headerColorOptions, mantineColorOf } from './header-colors';
import { CARD_GAP, dropStyle, estimateCardHeight, ItemCard } from './item-card';

export const listDragId = (listId: string) => `list:${listId}`;
export const itemDragId = (itemId: string) => `item:${itemId}`;
/** The id after the `list:` or `item:` prefix (list and item ids may be equal numbers). */
export const idOf = (dragId: string) => dragId.slice(dragId.indexOf(':') + 1);

/**
 * The cards' measured heights (px) by item id, shared by the board's columns (they are as wide):
 * a card dropped in another column is placed at its height without measuring it again, and a
 * column a card is dragged over opens room of its height (a virtual list has no placeholder).
 */
export const CardHeights = createContext<Map<string, number>>(new Map());

/** The room between a column's edge and its first and last cards (px). */
const LIST_PADDING = 8;
/**
 * Cards drawn beyond each end of the visible ones: dnd needs one to see what follows. One, not
 * three: 20 cards fewer on a board of ten columns (its first visit's main-thread tasks 871 → 826
 * and 916 → 883 ms in two interleaved A/B runs of ten visits each).
 */
const OVERSCAN = 1;
/** The virtual list's key of the room opened for a card dragged in from another column. */
const ROOM_KEY = 'room-for-dragged-card';
/** The room's height when the dragged card's is not known (px). */
const ROOM_ESTIMATE = 40;

interface ColumnProps {
  boardId: string;
  list: BoardList;
  /** The cards to show, in order: the list's items (a filter may show fewer). */
  items: ListItem[];
  /** Its position among the shown lists. */
  index: number;
  onOpenItem: (itemId: string, listId: string) => void;
}

export const BoardColumn = memo(function BoardColumn({
  boardId,
  list,
  items,
  index,
  onOpenItem,
}: ColumnProps) {
  const listId = list._id;
  const pending = isTemporaryId(listId);
  const color = mantineColorOf(list.headerColor);
  const style = {
    '--list-color': `var(--mantine-color-${color}-filled)`,
    '--list-tint': `var(--mantine-color-${color}-light)`,
  } as CSSProperties;
  // A virtual list drags a clone, drawn outside the column: the card may leave the view (and the
  // page) while it is carried.
  const renderClone = useCallback<DraggableChildrenFn>(
    (provided, snapshot, rubric) => {
      const item = cardOf(items, rubric.source.index, idOf(rubric.draggableId));
      return item ? (
        <ItemCard item={item} listId={listId} onOpen={onOpenItem} provided={provided} snapshot={snapshot} />
      ) : (
        // The list lost the card meanwhile (it cannot while a drag holds the board's changes).
        <div ref={provided.innerRef} {...provided.draggableProps} {...provided.dragHandleProps} />
      );
    },
    [items, listId, onOpenItem],
  );
  return (
    <Draggable draggableId={listDragId(listId)} index={index} isDragDisabled={pending}>
      {(provided, snapshot) => (
        <section
          ref={provided.innerRef}
          {...provided.draggableProps}
          style={{ ...style, ...dropStyle(provided.draggableProps.style, snapshot.isDropAnimating) }}
          className={classes.column}
          data-dragging={snapshot.isDragging || undefined}
          data-testid="board-list"
          data-list-id={listId}
          aria-label={list.name}
        >
          <div className={classes.header}>
            <ColumnTitle
              boardId={boardId}
              listId={listId}
              name={list.name}
              dragHandleProps={provided.dragHandleProps}
            />
            <ListCount count={items.length} />
            <ColumnActions
              boardId={boardId}
              listId={listId}
              name={list.name}
              headerColor={list.headerColor}
            />
          </div>
          <Droppable droppableId={listDragId(listId)} type="item" mode="virtual" renderClone={renderClone}>
            {(drop, dropSnapshot) => (
              <ColumnCards
                listId={listId}
                items={items}
                onOpen={onOpenItem}
                innerRef={drop.innerRef}
                droppableProps={drop.droppableProps}
                over={dropSnapshot.isDraggingOver}
                // Room at the end for a card from another list: its own list keeps the card's
                // place while it is carried, so needs none.
                roomFor={
                  dropSnapshot.isUsingPlaceholder && dropSnapshot.draggingFromThisWith === null
                    ? dropSnapshot.draggingOverWith
                    : null
                }
              />
            )}
          </Droppable>
          <div className={classes.footer}>
            <AddItemForm boardId={boardId} listId={listId} listName={list.name} disabled={pending} />
          </div>
        </section>
      )}
    </Draggable>
  );
});

/** The item a drag started from: at its index unless the list changed meanwhile. */
function cardOf(items: ListItem[], index: number, itemId: string): ListItem | undefined {
  const atIndex = items[index];
  return atIndex?._id === itemId ? atIndex : items.find((item) => item._id === itemId);
}

interface ColumnCardsProps {
  listId: string;
  items: ListItem[];
  onOpen: (itemId: string, listId: string) => void;
  /** The Droppable's element is the column's scroller, as dnd's virtual lists want it. */
  innerRef: (element: HTMLElement | null) => void;
  droppableProps: DroppableProvidedProps;
  over: boolean;
  /** The card (its drag id) dragged over this list from another, which needs room at the end. */
  roomFor: string | null;
}

/**
 * The cards of a list as a virtual list: the column's scroller holds a box as tall as all the
 * cards, and only the cards in view (and OVERSCAN more each way) are drawn in it, each at its
 * measured place. Memoised, so a drag over the list or of the column re-renders no card.
 */
const ColumnCards = memo(function ColumnCards({
  listId,
  items,
  onOpen,
  innerRef,
  droppableProps,
  over,
  roomFor,
}: ColumnCardsProps) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const heights = useContext(CardHeights);
  const setScroller = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element;
      innerRef(element);
    },
    [innerRef],
  );
  // Keys follow the items, so a card keeps its measured height when cards move around it.
  const getItemKey = useCallback((index: number) => items[index]?._id ?? ROOM_KEY, [items]);
  const estimateSize = useCallback(
    (index: number) => {
      const item = items[index];
      if (item) return heights.get(item._id) ?? estimateCardHeight(item);
      return (roomFor && heights.get(idOf(roomFor))) || ROOM_ESTIMATE;
    },
    [items, heights, roomFor],
  );
  // A drawn card is measured by a ResizeObserver, which reports its size after each layout. When
  // one is drawn, its height is never read at once (that makes the browser lay the page out in
  // the middle of React's commit, and again for the frame: 24 ms in a drop's frame on a 1,000-card
  // board): a height already known is taken as it is, else the estimate, until the observer tells.
  const measureElement = useCallback(
    (element: HTMLElement, entry: ResizeObserverEntry | undefined) => {
      const itemId = element.dataset.itemId ?? '';
      const observed = entry?.borderBoxSize[0]?.blockSize;
      if (observed === undefined) {
        return heights.get(itemId) ?? estimateSize(Number(element.dataset.index));
      }
      const height = Math.round(observed);
      heights.set(itemId, height);
      return height;
    },
    [heights, estimateSize],
  );
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLElement>({
    count: items.length + (roomFor ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize,
    measureElement,
    getItemKey,
    gap: CARD_GAP,
    paddingStart: LIST_PADDING,
    paddingEnd: LIST_PADDING,
    overscan: OVERSCAN,
  });

  // A card added here with the form at the foot of the column is scrolled into view.
  const lastId = items.at(-1)?._id;
  const previousLastId = useRef(lastId);
  useEffect(() => {
    if (lastId !== undefined && lastId !== previousLastId.current && isTemporaryId(lastId)) {
      virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
    }
    previousLastId.current = lastId;
  }, [lastId, items.length, virtualizer]);

  return (
    <div
      ref={setScroller}
      {...droppableProps}
      className={classes.items}
      data-testid="list-items"
      data-over={over || undefined}
    >
      <div className={classes.cards} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map(({ index, key, start }) => {
          const item = items[index];
          return item ? (
            <CardSlot
              key={key}
              item={item}
              index={index}
              top={start}
              listId={listId}
              onOpen={onOpen}
              measureRef={virtualizer.measureElement}
            />
          ) : null;
        })}
      </div>
    </div>
  );
});

interface CardSlotProps {
  item: ListItem;
  index: number;
  top: number;
  listId: string;
  onOpen: (itemId: string, listId: string) => void;
  measureRef: (element: HTMLElement | null) => void;
}

/** A card in its column: draggable at its index, drawn at its place in the virtual list. */
const CardSlot = memo(function CardSlot({ item, index, top, listId, onOpen, measureRef }: CardSlotProps) {
  return (
    <Draggable draggableId={itemDragId(item._id)} index={index} isDragDisabled={isTemporaryId(item._id)}>
      {(provided, snapshot) => (
        <ItemCard
          item={item}
          listId={listId}
          onOpen={onOpen}
          provided={provided}
          snapshot={snapshot}
          index={index}
          top={top}
          measureRef={measureRef}
        />
      )}
    </Draggable>
  );
});

interface TitleProps {
  boardId: string;
  listId: string;
  name: string;
  dragHandleProps: DraggableProvidedDragHandleProps | null;
}

/**
 * The column's handle and its name, renamed in place. The header is in three memoised parts on
 * plain values: a card moving in or out of the list re-renders only the count between them.
 */
const ColumnTitle = memo(function ColumnTitle({
  boardId,
  listId,
  name: listName,
  dragHandleProps,
}: TitleProps) {
  const { t } = useTranslation();
  const update = useUpdateList(boardId);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(listName);
  const pending = isTemporaryId(listId);

  const startEditing = () => {
    setName(listName);
    setEditing(true);
  };
  const save = () => {
    setEditing(false);
    const trimmed = name.trim();
    if (trimmed && trimmed !== listName) update.mutate({ listId, input: { name: trimmed } });
  };

  return (
    <>
      <span
        {...dragHandleProps}
        className={classes.handle}
        aria-label={t('projects.list.move', { name: listName })}
        data-testid="list-handle"
      >
        <IconGripVertical size={16} aria-hidden />
      </span>
      {editing ? (
        <TextInput
          size="xs"
          flex={1}
          value={name}
          maxLength={100}
          aria-label={t('projects.list.nameLabel')}
          autoFocus
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
            if (event.key === 'Escape') setEditing(false);
          }}
        />
      ) : (
        <UnstyledButton
          className={classes.title}
          onClick={startEditing}
          disabled={pending}
          title={t('projects.list.rename')}
          data-testid="list-title"
        >
          {listName}
        </UnstyledButton>
      )}
    </>
  );
});

/** The number of cards the column shows. */
function ListCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="gray" size="sm" title={t('projects.list.itemCount', { count })}>
      {count}
    </Badge>
  );
}

interface ActionsProps {
  boardId: string;
  listId: string;
  name: string;
  headerColor: BoardList['headerColor'];
}

/** The column's colour menu and its archive button. */
const ColumnActions = memo(function ColumnActions({
  boardId,
  listId,
  name: listName,
  headerColor,
}: ActionsProps) {
  const { t } = useTranslation();
  const update = useUpdateList(boardId);
  const undoable = useUndoableToast();
  const pending = isTemporaryId(listId);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            disabled={pending}
            aria-label={t('projects.list.color', { name: listName })}
          >
            <IconPalette size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('projects.list.colorTitle')}</Menu.Label>
          {headerColorOptions.map((option) => (
            <Menu.Item
              key={option.value}
              leftSection={<ColorSwatch size={14} color={`var(--mantine-color-${option.mantine}-filled)`} />}
              aria-current={option.value === headerColor || undefined}
              fw={option.value === headerColor ? 700 : undefined}
              onClick={() => update.mutate({ listId, input: { headerColor: option.value } })}
            >
              {t(option.labelKey)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={t('projects.list.archiveTitle')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={pending}
          aria-label={t('projects.list.archive', { name: listName })}
          onClick={() => {
            update.mutate({ listId, input: { status: 'inactive' } });
            // Undo sends the reverse change (D48): the list keeps its place among the others.
            undoable(t('projects.toast.listArchived'), () =>
              update.mutate({ listId, input: { status: 'active' } }),
            );
          }}
        >
          <IconArchive size={16} />
        </ActionIcon>
      </Tooltip>
    </>
  );
});
