import type { BoardSummary } from '@cadence/contract';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArrowRight,
  IconLayoutKanban,
  IconPencil,
  IconPlus,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-messages';
import { useSessionUser } from '../../../lib/session';
import { useProjectsPersistence } from '../api/persistence';
import {
  getBoardQueryOptions,
  getBoardsQueryOptions,
  useDeleteBoard,
  useUpdateBoard,
} from '../api/projects-api';

/** /apps/projects: my boards (owned or shared with me), active and archived, with the project count. */
export function Component() {
  const { t } = useTranslation();
  const me = useSessionUser();
  useProjectsPersistence();
  const boards = useQuery({ ...getBoardsQueryOptions(me?._id ?? ''), enabled: Boolean(me) });
  const [deleting, setDeleting] = useState<BoardSummary | null>(null);
  const all = boards.data?.data ?? [];
  const active = all.filter((board) => board.status === 'active');
  const archived = all.filter((board) => board.status === 'inactive');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz="h2">
              {t('projects.title')}
            </Title>
            {boards.data && (
              <Badge variant="light" size="lg" data-testid="project-count">
                {t('projects.count', { count: boards.data.count })}
              </Badge>
            )}
          </Group>
          <Text c="dimmed" mt={4}>
            {t('projects.intro')}
          </Text>
        </div>
        <Button component={Link} to="/project/add-project" leftSection={<IconPlus size={18} />}>
          {t('projects.add')}
        </Button>
      </Group>

      {boards.isError && !boards.data && (
        <Alert color="red" role="alert">
          {errorMessage(t, boards.error)}
        </Alert>
      )}

      <Tabs defaultValue="active">
        <Tabs.List>
          <Tabs.Tab value="active">{t('projects.tabs.active', { count: active.length })}</Tabs.Tab>
          <Tabs.Tab value="archived">{t('projects.tabs.archived', { count: archived.length })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="active" pt="md">
          {boards.isPending ? (
            <CardsSkeleton />
          ) : (
            <BoardCards boards={active} empty={t('projects.empty')} me={me?._id} onDelete={setDeleting} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="archived" pt="md">
          {boards.isPending ? (
            <CardsSkeleton />
          ) : (
            <BoardCards
              boards={archived}
              empty={t('projects.emptyArchived')}
              me={me?._id}
              onDelete={setDeleting}
            />
          )}
        </Tabs.Panel>
      </Tabs>

      <DeleteBoardModal board={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function CardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="projects-loading">
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} h={160} radius="md" />
      ))}
    </SimpleGrid>
  );
}

interface BoardCardsProps {
  boards: BoardSummary[];
  empty: string;
  me: string | undefined;
  onDelete: (board: BoardSummary) => void;
}

function BoardCards({ boards, empty, me, onDelete }: BoardCardsProps) {
  if (boards.length === 0) {
    return (
      <Card withBorder padding="lg">
        <EmptyState icon={<IconLayoutKanban size={28} />} withIndicatorBackground title={empty} />
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {boards.map((board) => (
        <BoardCard key={board._id} board={board} owner={board.user === me} onDelete={() => onDelete(board)} />
      ))}
    </SimpleGrid>
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
  const queryClient = useQueryClient();
  const archivedBoard = board.status === 'inactive';
  // The board's read starts while its page's code loads.
  const prefetch = () => void queryClient.prefetchQuery(getBoardQueryOptions(board._id));

  const setStatus = async (status: 'active' | 'inactive') => {
    try {
      await update.mutateAsync({ id: board._id, input: { status } });
      notifications.show({
        color: 'green',
        message: status === 'inactive' ? t('projects.toast.archived') : t('projects.toast.restored'),
      });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(t, error) });
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
          <Text size="sm" c="dimmed" lineClamp={3}>
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
                <Tooltip label={t('projects.card.edit')}>
                  <ActionIcon
                    component={Link}
                    to={`/project/edit-project?id=${encodeURIComponent(board._id)}`}
                    variant="subtle"
                    aria-label={t('projects.card.editLabel', { name: board.name })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={archivedBoard ? t('projects.card.restore') : t('projects.card.archive')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    loading={update.isPending}
                    aria-label={
                      archivedBoard
                        ? t('projects.card.restoreLabel', { name: board.name })
                        : t('projects.card.archiveLabel', { name: board.name })
                    }
                    onClick={() => void setStatus(archivedBoard ? 'active' : 'inactive')}
                  >
                    {archivedBoard ? <IconRestore size={18} /> : <IconArchive size={18} />}
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('projects.delete.title')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('projects.delete.label', { name: board.name })}
                    onClick={onDelete}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

function DeleteBoardModal({ board, onClose }: { board: BoardSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteBoard();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async (id: string) => {
    try {
      await remove.mutateAsync(id);
    } catch {
      // Shown in the modal from the mutation's error.
      return;
    }
    notifications.show({ color: 'green', message: t('projects.toast.deleted') });
    close();
  };
  return (
    <Modal
      opened={board !== null}
      onClose={close}
      title={t('projects.delete.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {board && (
        <Stack gap="md">
          {remove.isError && (
            <Alert color="red" role="alert">
              {errorMessage(t, remove.error)}
            </Alert>
          )}
          <Text>{t('projects.delete.confirm', { name: board.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('projects.form.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirm(board._id)}>
              {t('projects.delete.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
