/** "Add an item" at the bottom of a list: a button that opens an inline form; Enter adds, Escape closes. */
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { type FormEvent, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateItem } from '../api/projects-api';
import { temporaryId } from '../model/board';

interface AddItemFormProps {
  boardId: string;
  listId: string;
  listName: string;
  disabled?: boolean;
}

export const AddItemForm = memo(function AddItemForm({
  boardId,
  listId,
  listName,
  disabled,
}: AddItemFormProps) {
  const { t } = useTranslation();
  const create = useCreateItem(boardId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate({ listId, name: trimmed.slice(0, 100), tempId: temporaryId() });
    // The form stays open for the next one, as on paper.
    setName('');
  };

  if (!open) {
    return (
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        fullWidth
        justify="flex-start"
        leftSection={<IconPlus size={14} />}
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={t('projects.item.addTo', { name: listName })}
      >
        {t('projects.item.add')}
      </Button>
    );
  }
  return (
    <form onSubmit={submit}>
      <Stack gap={6}>
        <TextInput
          size="xs"
          value={name}
          maxLength={100}
          autoFocus
          aria-label={t('projects.item.nameLabel')}
          placeholder={t('projects.item.namePlaceholder')}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        />
        <Group gap={6}>
          <Button type="submit" size="xs">
            {t('projects.item.submit')}
          </Button>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('projects.form.cancel')}
            onClick={() => setOpen(false)}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Stack>
    </form>
  );
});
