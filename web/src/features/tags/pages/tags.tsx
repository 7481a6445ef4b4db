import { createTagInput, type Tag, updateTagInput } from '@cadence/contract';
import { Badge, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconTags, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconAction } from '../../../components/icon-action';
import { ListBody, ListEmpty, PageHeader, SectionCard } from '../../../components/list-page';
import { TagBadge } from '../../../components/tag-badge';
import { toastSuccess } from '../../../lib/toast';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../api/tags-api';
import { defaultTagColor, TagForm } from '../components/tag-form';

/** /apps/tags (D14): add a tag; list the built-ins and the user's own; change or delete their own. */
export function Component() {
  const { t } = useTranslation();
  const tags = useTags();
  const create = useCreateTag();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const noneOfMine = {
    icon: <IconTags size={28} />,
    title: t('tags.empty.title'),
    description: t('tags.empty.description'),
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('tags.title')} intro={t('tags.intro')} />
      <SectionCard title={t('tags.add.title')}>
        <TagForm
          initialValues={{ name: '', color: defaultTagColor }}
          schema={createTagInput}
          submitLabel={t('tags.add.submit')}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            toastSuccess(t, t('tags.toast.added'));
          }}
          resetOnSuccess
        />
      </SectionCard>
      <ListBody
        query={tags}
        items={(data) => data.data}
        layout="table"
        title={t('tags.list.title')}
        columns={[t('tags.list.tag'), t('tags.list.color'), t('tags.list.kind'), t('tags.list.actions')]}
        empty={noneOfMine}
        renderItem={(tag) => <TagRow tag={tag} onEdit={setEditing} onDelete={setDeleting} />}
        // The built-ins are always listed; the hint is about the user's own.
        footer={tags.data?.data.every((tag) => tag.builtIn) && <ListEmpty {...noneOfMine} />}
      />
      <EditTagModal tag={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        subject={deleting}
        title={t('tags.delete.title')}
        message={(tag) => t('tags.delete.confirm', { name: tag.name })}
        confirmLabel={t('tags.delete.submit')}
        onConfirm={(tag) => remove.mutateAsync(tag._id)}
        success={() => t('tags.toast.deleted')}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface TagRowProps {
  tag: Tag;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

function TagRow({ tag, onEdit, onDelete }: TagRowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="tag-row">
      <Table.Td>
        <TagBadge name={tag.name} color={tag.color} size="lg" data-testid="tag-swatch" />
      </Table.Td>
      <Table.Td>
        <Code>{tag.color}</Code>
      </Table.Td>
      <Table.Td>
        {tag.builtIn ? (
          <Badge variant="light" color="gray">
            {t('tags.list.builtIn')}
          </Badge>
        ) : (
          <Text size="sm">{t('tags.list.own')}</Text>
        )}
      </Table.Td>
      <Table.Td>
        {!tag.builtIn && (
          <Group gap={4} wrap="nowrap">
            <IconAction
              tooltip={t('tags.edit.title')}
              label={t('tags.edit.label', { name: tag.name })}
              icon={<IconPencil size={18} />}
              onClick={() => onEdit(tag)}
            />
            <IconAction
              tooltip={t('tags.delete.title')}
              label={t('tags.delete.label', { name: tag.name })}
              icon={<IconTrash size={18} />}
              color="red"
              onClick={() => onDelete(tag)}
            />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function EditTagModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateTag();
  return (
    <Modal
      opened={tag !== null}
      onClose={onClose}
      title={t('tags.edit.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {tag && (
        <TagForm
          key={tag._id}
          initialValues={{ name: tag.name, color: tag.color }}
          schema={updateTagInput}
          submitLabel={t('tags.edit.submit')}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: tag._id, input });
            toastSuccess(t, t('tags.toast.updated'));
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
