import type { Board, ListItem } from '@cadence/contract';
import {
  type BeforeCapture,
  DragDropContext,
  type DragStart,
  Droppable,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { Anchor, Avatar, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconArrowLeft, IconDownload, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { usePersistedQueries } from '../../../lib/persisted-queries';
import { useSessionUser } from '../../../lib/session';
import { boardDrag } from '../../../lib/live-events';
import { toastError } from '../../../lib/toast';
import { downloadBoardExport, getBoardQueryOptions, useMoveItem, useReorderList } from '../api/projects-api';
import { type ArchivedCard, ArchivedCardsDrawer } from '../components/archived-cards-drawer';
import { AddListForm } from '../components/add-list-form';
import { ArchivedListsDrawer } from '../components/archived-lists-drawer';
import { BoardColumn, CardHeights, idOf, listDragId } from '../components/board-column';
import classes from '../components/board.module.css';
import { BoardFilterBar } from '../components/board-filter-bar';
import { BoardSkeleton } from '../components/board-skeleton';
import { useAccountTimeZone } from '../components/card-due';
import { type CardSurroundings, CardSurroundingsContext } from '../components/item-card';
import { ItemModal } from '../components/item-modal';
import { fullListMove, isActive, moveItem, moveList } from '../model/board';
import { boardPeople } from '../model/card';
import { useBoardFilter, useMatchingIds } from '../model/filter';

/** The previous array while its elements are the same ones (`equal`, by default the very same). */
function useStableArray<T>(value: T[], equal: (a: T, b: T) => boolean = Object.is): T[] {
  const previous = useRef(value);
  const current = previous.current;
  const same =
    current.length === value.length && current.every((element, index) => equal(element, value[index]!));
  useEffect(() => {
    if (!same) previous.current = value;
  });
  return same ? current : value;
}

/**
 * Runs `task` once the next frame is drawn (a task after that frame's animation callbacks), or
 * after 100 ms if none is (a page not shown draws no frames).
 */
function afterNextFrame(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 100);
}

const validId = (id: string) => /^[1-9][0-9]{0,9}$/.test(id);

/**
 * Keeps the board from scrolling sideways (a wheel or trackpad) while a card is carried; answers
 * how to let go. The drag library follows the scrolling of a card's own column and of the window,
 * not of the board around the columns (one scroll container per list), so a card carried over a
 * board scrolled meanwhile would land where its column used to be.
 */
function holdSidewaysScroll(board: HTMLElement | null): () => void {
  const onWheel = (event: WheelEvent) => {
    if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) event.preventDefault();
  };
  board?.addEventListener('wheel', onWheel, { passive: false });
  return () => board?.removeEventListener('wheel', onWheel);
}

/**
 * Room for a carried card of `height` px in every list, or none (null): each list's scroller
 * shorter than that gets its own minimum height. The heights are all read before any is written,
 * and a list already as tall is left alone: a drag among lists of many cards changes nothing of the
 * page's layout (the drag library measures the lists right after, and a change would have it laid
 * out again first: ~5 ms of a pick-up's frame on a 1,000-card board). (A custom property set on
 * the board would have every card's style computed again, at the pick-up and at the drop: 40 ms.)
 */
function setListRoom(board: HTMLElement | null, height: number | null): void {
  const lists = [...(board?.querySelectorAll<HTMLElement>('[data-testid="list-items"]') ?? [])];
  if (height === null) {
    for (const list of lists) if (list.style.minHeight) list.style.minHeight = '';
    return;
  }
  const room = Math.max(LIST_MIN_HEIGHT, height + LIST_ROOM_PADDING);
  const short = lists.filter((list) => list.clientHeight < room);
  for (const list of short) list.style.minHeight = `${room}px`;
}
/** A list's least height, and the padding around a card in it (board.module.css `.items`). */
const LIST_MIN_HEIGHT = 24;
const LIST_ROOM_PADDING = 16;

/** /apps/project/:id: the board, its lists as columns and items as cards, moved by mouse or keyboard. */
export function Component() {
  const navigate = useNavigate();
  const { id = '' } = useParams();
  usePersistedQueries();
  const signedIn = useSessionUser() !== null;
  const valid = validId(id);
  // Not after signing out: the page is about to go, and the server would refuse.
  const board = useQuery({ ...getBoardQueryOptions(id), enabled: valid && signedIn });
  const missing =
    !valid || (board.error instanceof ApiError && (board.error.status === 404 || board.error.status === 400));

  useEffect(() => {
    if (missing) void navigate('/error-404', { replace: true });
  }, [missing, navigate]);

  if (missing || board.isPending) return <BoardSkeleton />;
  if (!board.data) {
    return <ErrorAlert error={board.error} />;
  }
  return <BoardView board={board.data.data} />;
}

const BoardView = memo(function BoardView({ board: cached }: { board: Board }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  // A drop must show its result in the same render as the drop itself: the cached board changes
  // a moment later (after the query's notification), so until then this local copy is shown.
  const [dropped, setDropped] = useState<{ base: Board; board: Board } | null>(null);
  const board = dropped && dropped.base === cached ? dropped.board : cached;
  const [openItem, setOpenItem] = useState<string | null>(null);
  const [drawerOpened, drawer] = useDisclosure(false);
  const [cardsDrawerOpened, cardsDrawer] = useDisclosure(false);
  const { filter, active: filtering } = useBoardFilter();
  // The filter bar's tags and people follow the board a moment later, outside the frame of a drop
  // (every card is read for its tags).
  const filterBoard = useDeferredValue(board);
  const matching = useMatchingIds(board, filter);
  // What the columns show: the cards not archived and, while filtering, those that match. Without
  // a filter it does not change with the minute, so the columns are left alone.
  const shownMatches = filtering ? matching : null;
  const isShown = useMemo(
    () =>
      shownMatches
        ? (item: ListItem) => !item.archived && shownMatches.has(item._id)
        : (item: ListItem) => !item.archived,
    [shownMatches],
  );
  // The same array while the archived cards are the same: a drop leaves the drawer alone.
  const archivedCards = useStableArray(
    useMemo(() => archivedCardsOf(board), [board]),
    sameArchivedCard,
  );
  const timeZone = useAccountTimeZone();
  const { owner, members } = board;
  const people = useMemo(() => boardPeople({ owner, members }), [owner, members]);
  const surroundings = useMemo<CardSurroundings>(() => ({ people, timeZone }), [people, timeZone]);
  const move = useMoveItem(board._id);
  const reorder = useReorderList(board._id);
  const shown = useMemo(() => board.lists.filter(isActive), [board.lists]);
  const archived = useStableArray(
    useMemo(() => board.lists.filter((list) => !isActive(list)), [board.lists]),
  );
  // D45: `?card=<id>` (a notification's link) opens that card; closing it takes it out of the address.
  const [params, setParams] = useSearchParams();
  const cardInAddress = params.get('card');
  useEffect(() => {
    if (cardInAddress) setOpenItem(cardInAddress);
  }, [cardInAddress]);
  const cardOpenedByAddress = useRef(cardInAddress);
  cardOpenedByAddress.current = cardInAddress;
  const closeItem = useCallback(() => {
    setOpenItem(null);
    if (!cardOpenedByAddress.current) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('card');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  const onOpenItem = useCallback((itemId: string) => setOpenItem(itemId), []);
  const [cardHeights] = useState(() => new Map<string, number>());
  const scroller = useRef<HTMLDivElement>(null);
  const releaseScroll = useRef<() => void>(() => undefined);
  const boardId = board._id;
  // The same element while the lists are the same: a re-render of this page (a pending change's
  // state, the drawer) leaves the columns alone.
  const lanes = useMemo(
    () => (
      <div ref={scroller} className={classes.scroller} data-testid="board">
        <Droppable droppableId="board" type="list" direction="horizontal">
          {(provided) => (
            <div ref={provided.innerRef} {...provided.droppableProps} className={classes.lists}>
              <Columns boardId={boardId} lists={shown} isShown={isShown} onOpenItem={onOpenItem} />
              {provided.placeholder}
            </div>
          )}
        </Droppable>
        <AddListForm boardId={boardId} />
      </div>
    ),
    [boardId, shown, isShown, onOpenItem],
  );

  /**
   * Before the lists are measured for a card's drag: every list has room for the card, so that an
   * empty list can take it by keyboard too (dnd moves a card by arrow only into a list where it
   * would be wholly visible, and an empty list is one line tall). Undone at the drop.
   */
  const onBeforeCapture = ({ draggableId }: BeforeCapture) => {
    if (!draggableId.startsWith('item:')) return;
    const height = cardHeights.get(idOf(draggableId));
    if (height !== undefined) setListRoom(scroller.current, height);
  };
  const onDragStart = (start: DragStart, provided: ResponderProvided) => {
    // Changes made elsewhere meanwhile wait for the drop (live-events.ts).
    boardDrag.start(boardId);
    if (start.type === 'item') releaseScroll.current = holdSidewaysScroll(scroller.current);
    provided.announce(t('projects.dnd.lifted', { position: start.source.index + 1 }));
  };
  const onDragUpdate = (update: { destination?: { index: number } | null }, provided: ResponderProvided) =>
    provided.announce(
      update.destination
        ? t('projects.dnd.moved', { position: update.destination.index + 1 })
        : t('projects.dnd.outside'),
    );

  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    setListRoom(scroller.current, null);
    releaseScroll.current();
    releaseScroll.current = () => undefined;
    const send = drop(result, provided);
    // The drop is drawn first, the change sent after its frame: the cache's optimistic copy (shared
    // with the old board), the stored copy and the request cost ~6 ms of a drop's frame on a
    // 1,000-card board, and the page already shows the dropped board. The changes made elsewhere
    // meanwhile still wait for the change to be on its way.
    afterNextFrame(() => {
      send?.();
      boardDrag.end(boardId);
    });
  };

  /** Shows the drop at once; answers the sending of the change, if there is one. */
  const drop = (result: DropResult, provided: ResponderProvided): (() => void) | undefined => {
    const { source, destination, draggableId, type } = result;
    if (!destination) {
      provided.announce(t('projects.dnd.cancelled'));
      return;
    }
    provided.announce(t('projects.dnd.dropped', { position: destination.index + 1 }));
    if (destination.droppableId === source.droppableId && destination.index === source.index) return;
    if (type === 'list') {
      const { board: next, index } = moveList(board, idOf(draggableId), destination.index);
      if (index < 0) return;
      setDropped({ base: cached, board: next });
      return () => reorder.mutate({ listId: idOf(draggableId), index, next });
    }
    // The indices are among the cards shown; the server counts every card of the lists.
    const itemMove = fullListMove(
      board,
      {
        itemId: idOf(draggableId),
        fromList: idOf(source.droppableId),
        toList: idOf(destination.droppableId),
        fromIndex: source.index,
        toIndex: destination.index,
      },
      isShown,
    );
    if (!itemMove) return;
    const next = moveItem(board, itemMove);
    if (next === board) return;
    setDropped({ base: cached, board: next });
    return () => move.mutate({ move: itemMove, next });
  };

  return (
    <Stack gap="md">
      <BoardHeader
        boardId={board._id}
        name={board.name}
        description={board.description}
        members={board.members}
        archivedCount={archived.length}
        archivedCardCount={archivedCards.length}
        owner={board.user === me?._id}
        onOpenArchived={drawer.open}
        onOpenArchivedCards={cardsDrawer.open}
      />
      <BoardFilterBar board={filterBoard} matchCount={matching.size} />
      <DragDropContext
        onBeforeCapture={onBeforeCapture}
        onDragStart={onDragStart}
        onDragUpdate={onDragUpdate}
        onDragEnd={onDragEnd}
        dragHandleUsageInstructions={t('projects.dnd.instructions')}
      >
        <CardSurroundingsContext value={surroundings}>
          <CardHeights value={cardHeights}>{lanes}</CardHeights>
        </CardSurroundingsContext>
      </DragDropContext>
      <ArchivedListsDrawer
        boardId={board._id}
        lists={archived}
        opened={drawerOpened}
        onClose={drawer.close}
      />
      <ArchivedCardsDrawer
        boardId={board._id}
        cards={archivedCards}
        opened={cardsDrawerOpened}
        onClose={cardsDrawer.close}
        onOpenItem={onOpenItem}
      />
      {/* The closed modal does not follow the board. */}
      <ItemModal board={openItem ? board : null} itemId={openItem} onClose={closeItem} />
    </Stack>
  );
});

const sameArchivedCard = (a: ArchivedCard, b: ArchivedCard) =>
  a.item === b.item && a.listId === b.listId && a.listName === b.listName;

/** The archived cards of the active lists, in the board's order. */
function archivedCardsOf(board: Board): ArchivedCard[] {
  return board.lists
    .filter(isActive)
    .flatMap((list) =>
      list.items
        .filter((item) => item.archived)
        .map((item) => ({ item, listId: list._id, listName: list.name })),
    );
}

const Columns = memo(function Columns({
  boardId,
  lists,
  isShown,
  onOpenItem,
}: {
  boardId: string;
  lists: Board['lists'];
  isShown: (item: ListItem) => boolean;
  onOpenItem: (itemId: string) => void;
}) {
  // A list's shown cards stay the same array while they are the same cards, so a column whose
  // cards did not change (another list's did, or the filter's minute) is not drawn again.
  const previous = useRef(new Map<string, ListItem[]>());
  const shownOf = new Map<string, ListItem[]>();
  const columns = lists.map((list, index) => {
    const items = shownItems(list.items, isShown, previous.current.get(list._id));
    shownOf.set(list._id, items);
    return (
      <BoardColumn
        key={listDragId(list._id)}
        boardId={boardId}
        list={list}
        items={items}
        index={index}
        onOpenItem={onOpenItem}
      />
    );
  });
  useEffect(() => {
    previous.current = shownOf;
  });
  return columns;
});

/** The cards of a list that pass `isShown`: the list's own array when all do, else the previous one when equal. */
function shownItems(
  items: ListItem[],
  isShown: (item: ListItem) => boolean,
  before: ListItem[] | undefined,
): ListItem[] {
  if (items.every(isShown)) return items;
  const shown = items.filter(isShown);
  return before && before.length === shown.length && before.every((item, index) => item === shown[index])
    ? before
    : shown;
}

interface BoardHeaderProps {
  boardId: string;
  name: string;
  description: string;
  members: Board['members'];
  archivedCount: number;
  archivedCardCount: number;
  /** Only the owner changes the project itself (decisions 29, D17). */
  owner: boolean;
  onOpenArchived: () => void;
  onOpenArchivedCards: () => void;
}

/** Memoised on the fields it shows: moving cards does not re-render it. */
const BoardHeader = memo(function BoardHeader({
  boardId,
  name,
  description,
  members,
  archivedCount,
  archivedCardCount,
  owner,
  onOpenArchived,
  onOpenArchivedCards,
}: BoardHeaderProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const onExport = () => {
    setExporting(true);
    downloadBoardExport(boardId, name)
      .catch((error: unknown) => toastError(t, error))
      .finally(() => setExporting(false));
  };
  return (
    <Stack gap="xs">
      <Anchor component={Link} to="/apps/projects" size="sm" c="var(--mantine-color-text)" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('projects.board.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz="h2">
            {name}
          </Title>
          {description && (
            // dir="auto": words people write read in their own direction, whatever the page's (RTL).
            <Text c="dimmed" mt={4} dir="auto">
              {description}
            </Text>
          )}
        </div>
        <Group gap="sm">
          {members.length > 0 && (
            <Tooltip.Group>
              <Avatar.Group aria-label={t('projects.board.members')} role="group">
                {members.slice(0, 5).map((member) => (
                  <Tooltip key={member._id} label={member.fullName}>
                    <Avatar
                      src={member.avatar}
                      name={member.fullName}
                      color="violet"
                      radius="xl"
                      size="md"
                      alt={member.fullName}
                    />
                  </Tooltip>
                ))}
                {members.length > 5 && <Avatar radius="xl">+{members.length - 5}</Avatar>}
              </Avatar.Group>
            </Tooltip.Group>
          )}
          <Button variant="default" leftSection={<IconArchive size={16} />} onClick={onOpenArchived}>
            {t('projects.board.archived', { count: archivedCount })}
          </Button>
          {archivedCardCount > 0 && (
            <Button variant="default" leftSection={<IconArchive size={16} />} onClick={onOpenArchivedCards}>
              {t('projects.board.archivedCards', { count: archivedCardCount })}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={onExport}
          >
            {t('projects.board.export')}
          </Button>
          {owner && (
            <Button
              component={Link}
              to={`/project/edit-project?id=${encodeURIComponent(boardId)}`}
              variant="light"
              leftSection={<IconPencil size={16} />}
            >
              {t('projects.board.edit')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
});
