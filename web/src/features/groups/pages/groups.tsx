import type { Group } from '@cadence/contract';
import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Card,
  EmptyState,
  Group as Row,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { errorMessage } from '../../../lib/api-messages';
import { useDeleteGroup, useGroups } from '../api/groups-api';
import { GroupFormModal } from '../components/group-form-modal';

type Editing = { group: Group | null } | null;

/** /group (D13): my groups of friends, with their members; create, change and delete them. */
export function Component() {
  const { t } = useTranslation();
  const groups = useGroups();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);

  return (
    <Stack gap="lg">
      <Row justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            {t('groups.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('groups.intro')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ group: null })}>
          {t('groups.new')}
        </Button>
      </Row>

      {groups.isPending ? (
        <Card withBorder padding="lg">
          <ListSkeleton />
        </Card>
      ) : groups.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(t, groups.error)}
        </Alert>
      ) : groups.data.data.length === 0 ? (
        <Card withBorder padding="lg">
          <EmptyState
            icon={<IconUsersGroup size={28} />}
            withIndicatorBackground
            title={t('groups.empty.title')}
            description={t('groups.empty.description')}
          />
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {groups.data.data.map((group) => (
            <GroupCard
              key={group._id}
              group={group}
              onEdit={() => setEditing({ group })}
              onDelete={() => setDeleting(group)}
            />
          ))}
        </SimpleGrid>
      )}

      <GroupFormModal
        opened={editing !== null}
        group={editing?.group ?? null}
        onClose={() => setEditing(null)}
      />
      <DeleteGroupModal group={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function GroupCard({ group, onEdit, onDelete }: { group: Group; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" data-testid="group" aria-label={group.name} component="section">
      <Row justify="space-between" wrap="nowrap" mb="sm">
        <Title order={2} fz="h4">
          {group.name}
        </Title>
        <Row gap={4} wrap="nowrap">
          <Tooltip label={t('groups.form.editTitle')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('groups.edit.label', { name: group.name })}
              onClick={onEdit}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('groups.delete.title')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('groups.delete.label', { name: group.name })}
              onClick={onDelete}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Row>
      </Row>
      {group.members.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('groups.noMembers')}
        </Text>
      ) : (
        <Stack gap="xs">
          {group.members.map((member) => (
            <Row key={member._id} gap="sm" wrap="nowrap">
              <Avatar
                src={member.avatar}
                name={member.fullName}
                color="violet"
                radius="xl"
                size="sm"
                alt=""
              />
              <Text size="sm">{member.fullName}</Text>
              <Text size="sm" c="dimmed">
                @{member.username}
              </Text>
            </Row>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function DeleteGroupModal({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteGroup();
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
    notifications.show({ color: 'green', message: t('groups.toast.deleted') });
    close();
  };
  return (
    <Modal opened={group !== null} onClose={close} title={t('groups.delete.title')} centered>
      {group && (
        <Stack gap="md">
          {remove.isError && (
            <Alert color="red" role="alert">
              {errorMessage(t, remove.error)}
            </Alert>
          )}
          <Text>{t('groups.delete.confirm', { name: group.name })}</Text>
          <Row justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('groups.delete.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirm(group._id)}>
              {t('groups.delete.submit')}
            </Button>
          </Row>
        </Stack>
      )}
    </Modal>
  );
}
