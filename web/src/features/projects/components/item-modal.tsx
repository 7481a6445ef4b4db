/**
 * A card opened from the board, laid out as Trello's: the main column with its tags, members and
 * due date, name and description, to-do checklist, comments and history; a side column to change
 * members, tags and the due date, and to archive, restore or delete it (stacked under the main
 * column on narrow screens). Reads the card from the cached board, so every change shows at once.
 */
import {
  type Board,
  type BoardList,
  createTodoInput,
  DEFAULT_ITEM_DESCRIPTION,
  type ItemTodo,
  type ListItem,
} from '@cadence/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Grid,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArchive,
  IconPencil,
  IconRestore,
  IconTrash,
  IconUserMinus,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAddForm } from '../../../components/inline-add-form';
import { useSessionUser } from '../../../lib/session';
import { useUndoableToast } from '../../../lib/use-undo';
import { projectKeys } from '../../../shared/queries/keys';
import {
  type CardChange,
  useChangeCard,
  useCreateTodo,
  useDeleteItem,
  useDeleteTodo,
  useUpdateItem,
  useUpdateTodo,
} from '../api/projects-api';
import { findItem, isTemporaryId, progressOf, temporaryId } from '../model/board';
import { boardPeople } from '../model/card';
import { CardActivity } from './card-activity';
import { CardComments } from './card-comments';
import { DueBadge, DueEditor, useAccountTimeZone } from './card-due';
import { CardMemberAvatars, MemberPicker } from './card-members';
import { CardTagChips, TagPicker } from './card-tags';

interface ItemModalProps {
  /** The board while an item is open. */
  board: Board | null;
  itemId: string | null;
  onClose: () => void;
}

export const ItemModal = memo(function ItemModal({ board, itemId, onClose }: ItemModalProps) {
  const { t } = useTranslation();
  const found = board && itemId ? findItem(board, itemId) : null;
  // The item went away (deleted here or elsewhere): nothing left to show.
  useEffect(() => {
    if (itemId && !found) onClose();
  }, [itemId, found, onClose]);

  return (
    <Modal
      opened={found !== null}
      onClose={onClose}
      // Titled by the card's name (its accessible name too); "Card" only while none is found.
      title={found?.item.name ?? t('projects.item.title')}
      size="56rem"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {found && board && (
        <ItemDetails
          key={found.item._id}
          board={board}
          list={found.list}
          item={found.item}
          onDeleted={onClose}
        />
      )}
    </Modal>
  );
});

interface ItemDetailsProps {
  board: Board;
  list: BoardList;
  item: ListItem;
  onDeleted: () => void;
}

function ItemDetails({ board, list, item, onDeleted }: ItemDetailsProps) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const people = useMemo(() => boardPeople(board), [board]);
  const change = useChangeCard(board._id);
  const save = (fields: CardChange) => change.mutate({ listId: list._id, itemId: item._id, change: fields });
  const undoable = useUndoableToast();
  // Undo sends the reverse change (D48).
  const archive = () => {
    save({ archived: true });
    undoable(t('projects.toast.cardArchived'), () => save({ archived: false }));
  };
  useCardReadsFollowBoard(board._id, item._id, board.version);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <Stack gap="md">
          {item.archived && (
            <Alert color="yellow" icon={<IconArchive size={18} />} data-testid="archived-banner">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('projects.item.archive.banner')}</Text>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconRestore size={14} />}
                  onClick={() => save({ archived: false })}
                >
                  {t('projects.item.archive.restore')}
                </Button>
              </Group>
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('projects.item.inList', { name: list.name })}
          </Text>
          {(item.members.length > 0 || item.tags.length > 0 || item.dueAt !== null) && (
            <Group gap="lg" align="flex-start">
              {item.members.length > 0 && (
                <Stack gap={4}>
                  <Text size="xs" fw={700} c="dimmed">
                    {t('projects.item.members.label')}
                  </Text>
                  <CardMemberAvatars memberIds={item.members} people={people} size="md" max={8} />
                </Stack>
              )}
              {item.tags.length > 0 && (
                <Stack gap={4}>
                  <Text size="xs" fw={700} c="dimmed">
                    {t('projects.item.tags.label')}
                  </Text>
                  <CardTagChips tags={item.tags} size="md" />
                </Stack>
              )}
              {item.dueAt !== null && (
                <Stack gap={4}>
                  <Text size="xs" fw={700} c="dimmed">
                    {t('projects.item.due.label')}
                  </Text>
                  <DueBadge
                    dueAt={item.dueAt}
                    dueComplete={item.dueComplete}
                    timeZone={timeZone}
                    size="lg"
                    full
                  />
                </Stack>
              )}
            </Group>
          )}
          <NameAndDescription
            boardId={board._id}
            listId={list._id}
            itemId={item._id}
            name={item.name}
            description={item.description}
          />
          <Divider />
          <Checklist boardId={board._id} listId={list._id} itemId={item._id} todos={item.todos} />
          <Divider />
          <CardComments boardId={board._id} listId={list._id} itemId={item._id} timeZone={timeZone} />
          <CardActivity boardId={board._id} itemId={item._id} timeZone={timeZone} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Stack gap="md" component="section" aria-label={t('projects.item.sidebar')}>
          <JoinButton memberIds={item.members} people={people} onChange={(members) => save({ members })} />
          <MemberPicker memberIds={item.members} people={people} onChange={(members) => save({ members })} />
          <TagPicker board={board} tags={item.tags} onChange={(tags) => save({ tags })} />
          <DueEditor
            dueAt={item.dueAt}
            dueComplete={item.dueComplete}
            timeZone={timeZone}
            onChange={(fields) => save(fields)}
          />
          <Divider />
          {item.archived ? (
            <Button
              variant="default"
              leftSection={<IconRestore size={16} />}
              onClick={() => save({ archived: false })}
            >
              {t('projects.item.archive.restore')}
            </Button>
          ) : (
            <Button variant="default" leftSection={<IconArchive size={16} />} onClick={archive}>
              {t('projects.item.archive.archive')}
            </Button>
          )}
          <DeleteItem boardId={board._id} listId={list._id} itemId={item._id} onDeleted={onDeleted} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * Comments and history others add arrive with the board's next version (the live stream reads
 * the board again): the open card's reads follow it.
 */
function useCardReadsFollowBoard(boardId: string, itemId: string, version: number) {
  const queryClient = useQueryClient();
  const first = useRef(version);
  useEffect(() => {
    if (version === first.current) return;
    first.current = version;
    void queryClient.invalidateQueries({ queryKey: projectKeys.card(boardId, itemId) });
  }, [queryClient, boardId, itemId, version]);
}

/** "Join" puts me on the card, "Leave" takes me off, when I am one of the board's people. */
function JoinButton({
  memberIds,
  people,
  onChange,
}: {
  memberIds: string[];
  people: Board['members'];
  onChange: (memberIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const me = useSessionUser();
  if (!me || !people.some((person) => person._id === me._id)) return null;
  const joined = memberIds.includes(me._id);
  return (
    <Button
      variant="default"
      leftSection={joined ? <IconUserMinus size={16} /> : <IconUserPlus size={16} />}
      onClick={() => onChange(joined ? memberIds.filter((id) => id !== me._id) : [...memberIds, me._id])}
    >
      {joined ? t('projects.item.members.leave') : t('projects.item.members.join')}
    </Button>
  );
}

interface NameAndDescriptionProps {
  boardId: string;
  listId: string;
  itemId: string;
  name: string;
  description: string;
}

const ownDirection = { input: { dir: 'auto' } };

function NameAndDescription({ boardId, listId, itemId, name, description }: NameAndDescriptionProps) {
  const { t } = useTranslation();
  const update = useUpdateItem(boardId);
  const shownDescription = description === DEFAULT_ITEM_DESCRIPTION ? '' : description;
  const [draftName, setDraftName] = useState(name);
  const [draftDescription, setDraftDescription] = useState(shownDescription);
  const changed = draftName.trim() !== name || draftDescription.trim() !== shownDescription;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmedName = draftName.trim();
    if (!trimmedName) return;
    const input: { name?: string; description?: string } = {};
    if (trimmedName !== name) input.name = trimmedName;
    if (draftDescription.trim() !== shownDescription) input.description = draftDescription.trim();
    update.mutate({ listId, itemId, input });
  };

  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        <TextInput
          label={t('projects.item.nameLabel')}
          value={draftName}
          maxLength={100}
          required
          error={draftName.trim() ? undefined : t('api.projects.nameRequired')}
          // dir="auto" on the field itself (Mantine's `dir` goes to its wrapper, which holds no text):
          // words people write read in their own direction, whatever the page's (RTL).
          attributes={ownDirection}
          onChange={(event) => setDraftName(event.currentTarget.value)}
        />
        <Textarea
          label={t('projects.item.description')}
          placeholder={t('projects.item.noDescription')}
          value={draftDescription}
          attributes={ownDirection}
          maxLength={2000}
          autosize
          minRows={3}
          maxRows={10}
          onChange={(event) => setDraftDescription(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed || !draftName.trim()}>
            {t('projects.item.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteItem({
  boardId,
  listId,
  itemId,
  onDeleted,
}: {
  boardId: string;
  listId: string;
  itemId: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteItem(boardId);
  // At once, with Undo in the toast (D48): no confirmation that says otherwise.
  return (
    <Button
      variant="light"
      color="red"
      leftSection={<IconTrash size={16} />}
      onClick={() => {
        remove({ listId, itemId }, t('projects.toast.cardDeleted'));
        onDeleted();
      }}
    >
      {t('projects.item.delete')}
    </Button>
  );
}

interface ChecklistProps {
  boardId: string;
  listId: string;
  itemId: string;
  todos: ItemTodo[];
}

function Checklist({ boardId, listId, itemId, todos }: ChecklistProps) {
  const { t } = useTranslation();
  const create = useCreateTodo(boardId);
  const progress = progressOf(todos);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} fz="h5">
          {t('projects.todo.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="todo-progress">
          {t('projects.todo.progress', { done: progress.done, total: progress.total })}
        </Text>
      </Group>
      <Progress
        value={progress.percent}
        color={progress.total > 0 && progress.done === progress.total ? 'green' : 'violet'}
        aria-label={t('projects.todo.progressLabel')}
      />
      {todos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('projects.todo.empty')}
        </Text>
      ) : (
        <Stack gap={6}>
          {todos.map((todo) => (
            <TodoRow key={todo._id} boardId={boardId} listId={listId} itemId={itemId} todo={todo} />
          ))}
        </Stack>
      )}
      <InlineAddForm
        schema={createTodoInput}
        field="text"
        label={t('projects.todo.newLabel')}
        placeholder={t('projects.todo.newPlaceholder')}
        submitLabel={t('projects.todo.add')}
        maxLength={500}
        onAdd={(text) => create.mutate({ listId, itemId, text, tempId: temporaryId() })}
      />
    </Stack>
  );
}

function TodoRow({ boardId, listId, itemId, todo }: Omit<ChecklistProps, 'todos'> & { todo: ItemTodo }) {
  const { t } = useTranslation();
  const update = useUpdateTodo(boardId);
  const remove = useDeleteTodo(boardId);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(todo.text);
  const pending = isTemporaryId(todo._id);

  const save = () => {
    setEditing(false);
    const trimmed = text.trim();
    if (trimmed && trimmed !== todo.text)
      update.mutate({ listId, itemId, todoId: todo._id, input: { text: trimmed } });
  };

  return (
    <Group gap="xs" wrap="nowrap" data-testid="todo">
      {editing ? (
        <TextInput
          flex={1}
          size="xs"
          value={text}
          maxLength={500}
          autoFocus
          aria-label={t('projects.todo.editLabel')}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            }
            if (event.key === 'Escape') {
              event.stopPropagation();
              setText(todo.text);
              setEditing(false);
            }
          }}
        />
      ) : (
        <Checkbox
          flex={1}
          label={todo.text}
          checked={todo.done}
          disabled={pending}
          onChange={(event) =>
            update.mutate({ listId, itemId, todoId: todo._id, input: { done: event.currentTarget.checked } })
          }
        />
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        disabled={pending}
        aria-label={t('projects.todo.edit', { text: todo.text })}
        onClick={() => {
          setText(todo.text);
          setEditing(true);
        }}
      >
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        disabled={pending}
        aria-label={t('projects.todo.delete', { text: todo.text })}
        onClick={() => remove.mutate({ listId, itemId, todoId: todo._id })}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
