/**
 * An item opened from its card: its name and description, its to-do checklist with a progress bar
 * (done/total), and its deletion. Reads the item from the cached board, so every change shows at once.
 */
import { type Board, createTodoInput, DEFAULT_ITEM_DESCRIPTION, type ItemTodo } from '@cadence/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type FormEvent, memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAddForm } from '../../../components/inline-add-form';
import {
  useCreateTodo,
  useDeleteItem,
  useDeleteTodo,
  useUpdateItem,
  useUpdateTodo,
} from '../api/projects-api';
import { findItem, isTemporaryId, progressOf, temporaryId } from '../model/board';

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
      title={t('projects.item.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {found && board && (
        <ItemDetails
          key={found.item._id}
          boardId={board._id}
          listId={found.list._id}
          listName={found.list.name}
          itemId={found.item._id}
          name={found.item.name}
          description={found.item.description}
          todos={found.item.todos}
          onDeleted={onClose}
        />
      )}
    </Modal>
  );
});

interface ItemDetailsProps {
  boardId: string;
  listId: string;
  listName: string;
  itemId: string;
  name: string;
  description: string;
  todos: ItemTodo[];
  onDeleted: () => void;
}

function ItemDetails({
  boardId,
  listId,
  listName,
  itemId,
  name,
  description,
  todos,
  onDeleted,
}: ItemDetailsProps) {
  const { t } = useTranslation();
  const update = useUpdateItem(boardId);
  const remove = useDeleteItem(boardId);
  const shownDescription = description === DEFAULT_ITEM_DESCRIPTION ? '' : description;
  const [draftName, setDraftName] = useState(name);
  const [draftDescription, setDraftDescription] = useState(shownDescription);
  const [confirming, setConfirming] = useState(false);
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
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('projects.item.inList', { name: listName })}
      </Text>
      <form onSubmit={save}>
        <Stack gap="sm">
          <TextInput
            label={t('projects.item.nameLabel')}
            value={draftName}
            maxLength={100}
            required
            error={draftName.trim() ? undefined : t('api.projects.nameRequired')}
            onChange={(event) => setDraftName(event.currentTarget.value)}
          />
          <Textarea
            label={t('projects.item.description')}
            placeholder={t('projects.item.noDescription')}
            value={draftDescription}
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
      <Divider />
      <Checklist boardId={boardId} listId={listId} itemId={itemId} todos={todos} />
      <Divider />
      {confirming ? (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('projects.item.deleteConfirm', { name })}</Text>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                remove.mutate({ listId, itemId });
                onDeleted();
              }}
            >
              {t('projects.item.deleteSubmit')}
            </Button>
          </Group>
        </Group>
      ) : (
        <Group justify="flex-start">
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming(true)}
          >
            {t('projects.item.delete')}
          </Button>
        </Group>
      )}
    </Stack>
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
