/** "Add a list" after the last column: a button that opens an inline form; Enter adds, Escape closes. */
import { createListInput } from '@cadence/contract';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAddForm } from '../../../components/inline-add-form';
import { useCreateList } from '../api/projects-api';
import { temporaryId } from '../model/board';
import classes from './board.module.css';

export function AddListForm({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const create = useCreateList(boardId);
  const [open, setOpen] = useState(false);

  return (
    <div className={classes.addList}>
      {open ? (
        <Paper withBorder p="xs" radius="md">
          <InlineAddForm
            schema={createListInput}
            field="name"
            label={t('projects.list.nameLabel')}
            placeholder={t('projects.list.namePlaceholder')}
            submitLabel={t('projects.list.submit')}
            maxLength={100}
            autoFocus
            onAdd={(name) => create.mutate({ name, tempId: temporaryId() })}
            onCancel={() => setOpen(false)}
          />
        </Paper>
      ) : (
        <Button
          variant="light"
          fullWidth
          justify="flex-start"
          leftSection={<IconPlus size={16} />}
          onClick={() => setOpen(true)}
        >
          {t('projects.list.add')}
        </Button>
      )}
    </div>
  );
}
