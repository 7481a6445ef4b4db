import type { BoardSummary } from '@cadence/contract';
import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconArrowRight,
  IconLayoutKanban,
  IconPencil,
  IconRestore,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAction } from '../../../components/icon-action';
import { ListBody, PageHeader, PageTabs } from '../../../components/list-page';
import { usePersistedQueries } from '../../../lib/persisted-queries';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUndoableToast } from '../../../lib/use-undo';
import {
  getBoardQueryOptions,
  getBoardsQueryOptions,
  useDeleteBoard,
  useUpdateBoard,
} from '../api/projects-api';
import { ImportBoardModal } from '../components/import-board-modal';

/**
 * /apps/projects: my boards (owned or shared with me), active and archived, with the project count;
 * and a board imported from a file.
 */
export function Component() {
  const { t } = useTranslation();
  const me = useSessionUser();
  usePersistedQueries();
  const boards = useQuery({ ...getBoardsQueryOptions(me?._id ?? ''), enabled: Boolean(me) });
  const remove = useDeleteBoard();
  const [importing, setImporting] = useState(false);
  const withStatus = (status: BoardSummary['status'], list = boards.data?.data ?? []) =>
    list.filter((board) => board.status === status);

  const tab = (status: BoardSummary['status'], empty: string) => (
    <ListBody
      query={boards}
      items={(data) => withStatus(status, data.data)}
      layout="cards"
      empty={{ icon: <IconLayoutKanban size={28} />, title: empty }}
      renderItem={(board) => (
        <BoardCard
          board={board}
          owner={board.user === me?._id}
          // At once, with Undo in the toast (D48): no confirmation that says otherwise.
          onDelete={() => remove(board, t('projects.toast.deleted'))}
        />
      )}
    />
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('projects.title')}
        intro={t('projects.intro')}
        count={
          boards.data && { label: t('projects.count', { count: boards.data.count }), testId: 'project-count' }
        }
        action={{ label: t('projects.add'), to: '/project/add-project' }}
        extra={
          <Button variant="default" leftSection={<IconUpload size={18} />} onClick={() => setImporting(true)}>
            {t('projects.import.open')}
          </Button>
        }
      />
      <PageTabs
        tabs={[
          {
            value: 'active',
            label: t('projects.tabs.active', { count: withStatus('active').length }),
            content: tab('active', t('projects.empty')),
          },
          {
            value: 'archived',
            label: t('projects.tabs.archived', { count: withStatus('inactive').length }),
            content: tab('inactive', t('projects.emptyArchived')),
          },
        ]}
      />
      <ImportBoardModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

function BoardCard({
  board,
  owner,
  onDelete,
}: {
  board: BoardSummary;
  owner: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateBoard();
  const undoable = useUndoableToast();
  const queryClient = useQueryClient();
  const archivedBoard = board.status === 'inactive';
  // The board's read starts while its page's code loads.
  const prefetch = () => void queryClient.prefetchQuery(getBoardQueryOptions(board._id));

  const setStatus = async (status: 'active' | 'inactive') => {
    try {
      await update.mutateAsync({ id: board._id, input: { status } });
      if (status === 'active') toastSuccess(t, t('projects.toast.restored'));
      // Undo sends the reverse change (D48).
      else
        undoable(t('projects.toast.archived'), () =>
          update.mutate(
            { id: board._id, input: { status: 'active' } },
            { onError: (error) => toastError(t, error) },
          ),
        );
    } catch (error) {
      toastError(t, error);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label={board.name} data-testid="project">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
            {board.name}
          </Title>
          <Badge variant="light" color={owner ? 'violet' : 'gray'}>
            {owner ? t('projects.card.owner') : t('projects.card.shared')}
          </Badge>
        </Group>
        {board.description && (
          // dir="auto": words people write read in their own direction, whatever the page's (RTL).
          <Text size="sm" c="dimmed" lineClamp={3} dir="auto">
            {board.description}
          </Text>
        )}
        <Text size="sm">{t('projects.card.counts', { lists: board.listCount, items: board.itemCount })}</Text>
        {board.members.length > 0 && (
          <Avatar.Group>
            {board.members.slice(0, 5).map((member) => (
              <Avatar
                key={member._id}
                src={member.avatar}
                name={member.fullName}
                color="violet"
                radius="xl"
                size="sm"
                alt={member.fullName}
              />
            ))}
          </Avatar.Group>
        )}
        <Group justify="space-between" mt="auto" wrap="nowrap">
          <Button
            component={Link}
            to={`/apps/project/${encodeURIComponent(board._id)}`}
            variant="light"
            rightSection={<IconArrowRight size={16} />}
            aria-label={t('projects.card.openLabel', { name: board.name })}
            onMouseEnter={prefetch}
            onFocus={prefetch}
            onClick={prefetch}
          >
            {t('projects.card.open')}
          </Button>
          <Group gap={4} wrap="nowrap">
            {owner && (
              <>
                <IconAction
                  tooltip={t('projects.card.edit')}
                  label={t('projects.card.editLabel', { name: board.name })}
                  icon={<IconPencil size={18} />}
                  to={`/project/edit-project?id=${encodeURIComponent(board._id)}`}
                />
                <IconAction
                  tooltip={archivedBoard ? t('projects.card.restore') : t('projects.card.archive')}
                  label={t(archivedBoard ? 'projects.card.restoreLabel' : 'projects.card.archiveLabel', {
                    name: board.name,
                  })}
                  icon={archivedBoard ? <IconRestore size={18} /> : <IconArchive size={18} />}
                  color="gray"
                  loading={update.isPending}
                  onClick={() => void setStatus(archivedBoard ? 'active' : 'inactive')}
                />
                <IconAction
                  tooltip={t('projects.delete.title')}
                  label={t('projects.delete.label', { name: board.name })}
                  icon={<IconTrash size={18} />}
                  color="red"
                  onClick={onDelete}
                />
              </>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
