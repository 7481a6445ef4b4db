/**
 * One list of the board: a draggable column with its coloured header (rename, colour, archive),
 * its cards (draggable within and across lists) and the "Add an item" form at the bottom.
 * Columns and cards are memoised: a change re-renders only the lists it touches.
 */
import type { BoardList, ListItem } from '@cadence/contract';
import {
  Draggable,
  type DraggableProvidedDragHandleProps,
  type DraggingStyle,
  Droppable,
  type NotDraggingStyle,
} from '@hello-pangea/dnd';
import { ActionIcon, Badge, ColorSwatch, Menu, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArchive, IconChecklist, IconGripVertical, IconPalette } from '@tabler/icons-react';
import { type CSSProperties, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateList } from '../api/projects-api';
import { isTemporaryId, progressOf } from '../model/board';
import { AddItemForm } from './add-item-form';
import classes from './board.module.css';
import { headerColorOptions, mantineColorOf } from './header-colors';

export const listDragId = (listId: string) => `list:${listId}`;
export const itemDragId = (itemId: string) => `item:${itemId}`;
/** The id after the `list:` or `item:` prefix (list and item ids may be equal numbers). */
export const idOf = (dragId: string) => dragId.slice(dragId.indexOf(':') + 1);

interface ColumnProps {
  boardId: string;
  list: BoardList;
  /** Its position among the shown lists. */
  index: number;
  onOpenItem: (itemId: string) => void;
}

/**
 * A dropped card or list lands at once rather than gliding into place (the library's drop
 * animation lasts a third of a second, before the board may change).
 */
function dropStyle(style: DraggingStyle | NotDraggingStyle | undefined, dropping: boolean) {
  return dropping && style ? { ...style, transitionDuration: '0.001s' } : style;
}

export const BoardColumn = memo(function BoardColumn({ boardId, list, index, onOpenItem }: ColumnProps) {
  const pending = isTemporaryId(list._id);
  const color = mantineColorOf(list.headerColor);
  const style = {
    '--list-color': `var(--mantine-color-${color}-filled)`,
    '--list-tint': `var(--mantine-color-${color}-light)`,
  } as CSSProperties;
  return (
    <Draggable draggableId={listDragId(list._id)} index={index} isDragDisabled={pending}>
      {(provided, snapshot) => (
        <section
          ref={provided.innerRef}
          {...provided.draggableProps}
          style={{ ...style, ...dropStyle(provided.draggableProps.style, snapshot.isDropAnimating) }}
          className={classes.column}
          data-dragging={snapshot.isDragging || undefined}
          data-testid="board-list"
          data-list-id={list._id}
          aria-label={list.name}
        >
          <ColumnHeader
            boardId={boardId}
            listId={list._id}
            name={list.name}
            headerColor={list.headerColor}
            count={list.items.length}
            dragHandleProps={provided.dragHandleProps}
          />
          <Droppable droppableId={listDragId(list._id)} type="item">
            {(drop, dropSnapshot) => (
              <div
                ref={drop.innerRef}
                {...drop.droppableProps}
                className={classes.items}
                data-testid="list-items"
                data-over={dropSnapshot.isDraggingOver || undefined}
              >
                <Cards items={list.items} onOpen={onOpenItem} />
                {drop.placeholder}
              </div>
            )}
          </Droppable>
          <div className={classes.footer}>
            <AddItemForm boardId={boardId} listId={list._id} listName={list.name} disabled={pending} />
          </div>
        </section>
      )}
    </Draggable>
  );
});

interface HeaderProps {
  boardId: string;
  listId: string;
  name: string;
  headerColor: BoardList['headerColor'];
  count: number;
  dragHandleProps: DraggableProvidedDragHandleProps | null;
}

/** Memoised on plain values: a card moving in or out of the list re-renders only the count. */
const ColumnHeader = memo(function ColumnHeader({
  boardId,
  listId,
  name: listName,
  headerColor,
  count,
  dragHandleProps,
}: HeaderProps) {
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
    <div className={classes.header}>
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
      <Badge variant="light" color="gray" size="sm" title={t('projects.list.itemCount', { count })}>
        {count}
      </Badge>
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
          onClick={() => update.mutate({ listId, input: { status: 'inactive' } })}
        >
          <IconArchive size={16} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
});

/** The cards of a list; memoised so a drag over the list does not re-render them. */
const Cards = memo(function Cards({
  items,
  onOpen,
}: {
  items: ListItem[];
  onOpen: (itemId: string) => void;
}) {
  return items.map((item, index) => <ItemCard key={item._id} item={item} index={index} onOpen={onOpen} />);
});

const ItemCard = memo(function ItemCard({
  item,
  index,
  onOpen,
}: {
  item: ListItem;
  index: number;
  onOpen: (itemId: string) => void;
}) {
  const pending = isTemporaryId(item._id);
  const progress = item.todos.length > 0 ? progressOf(item.todos) : null;
  return (
    <Draggable draggableId={itemDragId(item._id)} index={index} isDragDisabled={pending}>
      {(provided, snapshot) => (
        <div
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          style={dropStyle(provided.draggableProps.style, snapshot.isDropAnimating)}
          className={classes.card}
          data-dragging={snapshot.isDragging || undefined}
          data-pending={pending || undefined}
          data-testid="board-item"
          data-item-id={item._id}
          onClick={() => {
            if (!pending) onOpen(item._id);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !pending) onOpen(item._id);
          }}
        >
          {item.name}
          {progress && (
            <div className={classes.todos} data-complete={progress.done === progress.total || undefined}>
              <IconChecklist size={14} aria-hidden />
              {progress.done}/{progress.total}
            </div>
          )}
        </div>
      )}
    </Draggable>
  );
});
