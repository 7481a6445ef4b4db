/** The drawer of archived lists (D18: they stay in the board with status 'inactive'), each with "Restore". */
import type { BoardList } from '@cadence/contract';
import { Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateList } from '../api/projects-api';

interface ArchivedListsDrawerProps {
  boardId: string;
  lists: BoardList[];
  opened: boolean;
  onClose: () => void;
}

export const ArchivedListsDrawer = memo(function ArchivedListsDrawer({
  boardId,
  lists,
  opened,
  onClose,
}: ArchivedListsDrawerProps) {
  const { t } = useTranslation();
  const update = useUpdateList(boardId);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('projects.archived.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {lists.length === 0 ? (
        <Text c="dimmed">{t('projects.archived.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {lists.map((list) => (
            <Paper
              key={list._id}
              withBorder
              p="sm"
              data-testid="archived-list"
              aria-label={list.name}
              component="section"
            >
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {list.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('projects.archived.items', { count: list.items.length })}
                  </Text>
                </div>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconRestore size={14} />}
                  aria-label={t('projects.archived.restoreLabel', { name: list.name })}
                  onClick={() => update.mutate({ listId: list._id, input: { status: 'active' } })}
                >
                  {t('projects.archived.restore')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Drawer>
  );
});
