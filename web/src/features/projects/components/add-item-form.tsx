/** "Add an item" at the bottom of a list: a button that opens an inline form; Enter adds, Escape closes. */
import { createItemInput } from '@cadence/contract';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAddForm } from '../../../components/inline-add-form';
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
        // The board's `n` key opens this (layouts/keyboard-shortcuts.tsx).
        data-add-card
      >
        {t('projects.item.add')}
      </Button>
    );
  }
  // The form stays open for the next one, as on paper.
  return (
    <InlineAddForm
      schema={createItemInput}
      field="name"
      label={t('projects.item.nameLabel')}
      placeholder={t('projects.item.namePlaceholder')}
      submitLabel={t('projects.item.submit')}
      maxLength={100}
      size="xs"
      autoFocus
      onAdd={(name) => create.mutate({ listId, name, tempId: temporaryId() })}
      onCancel={() => setOpen(false)}
    />
  );
});
