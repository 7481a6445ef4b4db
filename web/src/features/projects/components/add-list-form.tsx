/** "Add a list" after the last column: a button that opens an inline form; Enter adds, Escape closes. */
import { ActionIcon, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateList } from '../api/projects-api';
import { temporaryId } from '../model/board';
import classes from './board.module.css';

export function AddListForm({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const create = useCreateList(boardId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate({ name: trimmed.slice(0, 100), tempId: temporaryId() });
    setName('');
  };

  return (
    <div className={classes.addList}>
      {open ? (
        <Paper withBorder p="xs" radius="md">
          <form onSubmit={submit}>
            <Stack gap={6}>
              <TextInput
                size="sm"
                value={name}
                maxLength={100}
                autoFocus
                aria-label={t('projects.list.nameLabel')}
                placeholder={t('projects.list.namePlaceholder')}
                onChange={(event) => setName(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setOpen(false);
                }}
              />
              <Group gap={6}>
                <Button type="submit" size="xs">
                  {t('projects.list.submit')}
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
