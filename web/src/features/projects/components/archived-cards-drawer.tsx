/**
 * The drawer of archived cards: they stay in their lists, hidden from the board (as Trello's
 * archive), each with its list's name, opened in the card dialog (which says it is archived) or
 * restored at once.
 */
import type { ListItem } from '@cadence/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeCard } from '../api/projects-api';
import { ArchiveDrawer, ArchivedRow } from './archive-drawer';

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
    <ArchiveDrawer
      title={t('projects.archivedCards.title')}
      empty={t('projects.archivedCards.empty')}
      opened={opened}
      onClose={onClose}
    >
      {cards.map(({ item, listId, listName }) => (
        <ArchivedRow
          key={item._id}
          testId="archived-card"
          name={item.name}
          detail={t('projects.item.inList', { name: listName })}
          restoreLabel={t('projects.archivedCards.restoreLabel', { name: item.name })}
          onRestore={() => change.mutate({ listId, itemId: item._id, change: { archived: false } })}
          onOpen={() => onOpenItem(item._id)}
        />
      ))}
    </ArchiveDrawer>
  );
});
