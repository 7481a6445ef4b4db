/** The drawer of archived lists (D18: they stay in the board with status 'inactive'), each with "Restore". */
import type { BoardList } from '@cadence/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateList } from '../api/projects-api';
import { ArchiveDrawer, ArchivedRow } from './archive-drawer';

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
    <ArchiveDrawer
      title={t('projects.archived.title')}
      empty={t('projects.archived.empty')}
      opened={opened}
      onClose={onClose}
    >
      {lists.map((list) => (
        <ArchivedRow
          key={list._id}
          testId="archived-list"
          name={list.name}
          detail={t('projects.archived.items', { count: list.items.length })}
          restoreLabel={t('projects.archived.restoreLabel', { name: list.name })}
          onRestore={() => update.mutate({ listId: list._id, input: { status: 'active' } })}
        />
      ))}
    </ArchiveDrawer>
  );
});
