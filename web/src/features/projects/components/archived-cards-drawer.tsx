/**
 * The drawer of archived cards: they stay in their lists, hidden from the board (as Trello's
 * archive), each with its list's name, opened in the card dialog (which says it is archived) or
 * restored at once.
 */
import type { ListItem } from '@cadence/contract';
import { Button, Drawer, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeCard } from '../api/projects-api';

export interface ArchivedCard {
  item: ListItem;
  listId: string;
  listName: string;
}

interface ArchivedCardsDrawerProps {
  boardId: string;
  cards: ArchivedCard[];
  opened: boolean;
  onClose: () => void;
  onOpenItem: (itemId: string) => void;
}

export const ArchivedCardsDrawer = memo(function ArchivedCardsDrawer({
  boardId,
  cards,
  opened,
  onClose,
  onOpenItem,
}: ArchivedCardsDrawerProps) {
  const { t } = useTranslation();
  const change = useChangeCard(boardId);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('projects.archivedCards.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {cards.length === 0 ? (
        <Text c="dimmed">{t('projects.archivedCards.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {cards.map(({ item, listId, listName }) => (
            <Paper
              key={item._id}
              withBorder
              p="sm"
              data-testid="archived-card"
              component="section"
              aria-label={item.name}
            >
              <Group justify="space-between" wrap="nowrap">
                <UnstyledButton style={{ minWidth: 0 }} onClick={() => onOpenItem(item._id)}>
                  <Text fw={600} truncate>
                    {item.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('projects.item.inList', { name: listName })}
                  </Text>
                </UnstyledButton>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconRestore size={14} />}
                  aria-label={t('projects.archivedCards.restoreLabel', { name: item.name })}
                  onClick={() => change.mutate({ listId, itemId: item._id, change: { archived: false } })}
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
