import type { Group } from '@cadence/contract';
import { Avatar, Card, Group as Row, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconAction } from '../../../components/icon-action';
import { ListBody, PageHeader } from '../../../components/list-page';
import { useDeleteGroup, useGroups } from '../api/groups-api';
import { GroupFormModal } from '../components/group-form-modal';

type Editing = { group: Group | null } | null;

/** /group (D13): my groups of friends, with their members; create, change and delete them. */
export function Component() {
  const { t } = useTranslation();
  const groups = useGroups();
  const remove = useDeleteGroup();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('groups.title')}
        intro={t('groups.intro')}
        action={{ label: t('groups.new'), onClick: () => setEditing({ group: null }) }}
      />
      <ListBody
        query={groups}
        items={(data) => data.data}
        layout="cards"
        empty={{
          icon: <IconUsersGroup size={28} />,
          title: t('groups.empty.title'),
          description: t('groups.empty.description'),
        }}
        renderItem={(group) => (
          <GroupCard group={group} onEdit={() => setEditing({ group })} onDelete={() => setDeleting(group)} />
        )}
      />
      <GroupFormModal
        opened={editing !== null}
        group={editing?.group ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        subject={deleting}
        title={t('groups.delete.title')}
        message={(group) => t('groups.delete.confirm', { name: group.name })}
        confirmLabel={t('groups.delete.submit')}
        onConfirm={(group) => remove.mutateAsync(group._id)}
        success={() => t('groups.toast.deleted')}
        onClose={() => setDeleting(null)}
      />
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
          <IconAction
            tooltip={t('groups.form.editTitle')}
            label={t('groups.edit.label', { name: group.name })}
            icon={<IconPencil size={18} />}
            onClick={onEdit}
          />
          <IconAction
            tooltip={t('groups.delete.title')}
            label={t('groups.delete.label', { name: group.name })}
            icon={<IconTrash size={18} />}
            color="red"
            onClick={onDelete}
          />
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
