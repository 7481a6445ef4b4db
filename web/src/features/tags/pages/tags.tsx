import { createTagInput, type Tag, updateTagInput } from '@cadence/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  EmptyState,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTags, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TagBadge } from '../../../components/tag-badge';
import { errorMessage } from '../../../lib/api-messages';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../api/tags-api';
import { defaultTagColor, TagForm } from '../components/tag-form';

/** A success toast; its close button is named for screen readers. */
function toast(t: TFunction, message: string) {
  notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': t('common.close') } });
}

/** /apps/tags (D14): add a tag; list the built-ins and the user's own; change or delete their own. */
export function Component() {
  const { t } = useTranslation();
  const tags = useTags();
  const create = useCreateTag();
  const [editing, setEditing] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);

  const add = async (values: { name: string; color: string }) => {
    await create.mutateAsync(values);
    toast(t, t('tags.toast.added'));
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {t('tags.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('tags.intro')}
        </Text>
      </div>

      <Card withBorder padding="lg">
        <Title order={2} fz="h4" mb="sm">
          {t('tags.add.title')}
        </Title>
        <TagForm
          initialValues={{ name: '', color: defaultTagColor }}
          schema={createTagInput}
          submitLabel={t('tags.add.submit')}
          pending={create.isPending}
          error={create.error}
          onSubmit={add}
          resetOnSuccess
        />
      </Card>

      <Card withBorder padding="lg">
        <Title order={2} fz="h4" mb="sm">
          {t('tags.list.title')}
        </Title>
        {tags.isPending ? (
          <Stack gap="xs" data-testid="tags-loading">
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} h={32} />
            ))}
          </Stack>
        ) : tags.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(t, tags.error)}
          </Alert>
        ) : (
          <TagTable tags={tags.data.data} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </Card>

      <EditTagModal tag={editing} onClose={() => setEditing(null)} />
      <DeleteTagModal tag={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

interface TagTableProps {
  tags: Tag[];
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

function TagTable({ tags, onEdit, onDelete }: TagTableProps) {
  const { t } = useTranslation();
  const hasOwn = tags.some((tag) => !tag.builtIn);
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('tags.list.tag')}</Table.Th>
              <Table.Th>{t('tags.list.color')}</Table.Th>
              <Table.Th>{t('tags.list.kind')}</Table.Th>
              <Table.Th>{t('tags.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tags.map((tag) => (
              <Table.Tr key={tag._id} data-testid="tag-row">
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
                      <Tooltip label={t('tags.edit.title')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('tags.edit.label', { name: tag.name })}
                          onClick={() => onEdit(tag)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('tags.delete.title')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('tags.delete.label', { name: tag.name })}
                          onClick={() => onDelete(tag)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!hasOwn && (
        <EmptyState
          icon={<IconTags size={28} />}
          withIndicatorBackground
          title={t('tags.empty.title')}
          description={t('tags.empty.description')}
        />
      )}
    </Stack>
  );
}

function EditTagModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateTag();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal opened={tag !== null} onClose={close} title={t('tags.edit.title')} centered>
      {tag && (
        <TagForm
          key={tag._id}
          initialValues={{ name: tag.name, color: tag.color }}
          schema={updateTagInput}
          submitLabel={t('tags.edit.submit')}
          pending={update.isPending}
          error={update.error}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: tag._id, input });
            toast(t, t('tags.toast.updated'));
            close();
          }}
        />
      )}
    </Modal>
  );
}

function DeleteTagModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteTag();
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
    toast(t, t('tags.toast.deleted'));
    close();
  };
  return (
    <Modal opened={tag !== null} onClose={close} title={t('tags.delete.title')} centered>
      {tag && (
        <Stack gap="md">
          {remove.isError && (
            <Alert color="red" role="alert">
              {errorMessage(t, remove.error)}
            </Alert>
          )}
          <Text>{t('tags.delete.confirm', { name: tag.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('tags.delete.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirm(tag._id)}>
              {t('tags.delete.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
