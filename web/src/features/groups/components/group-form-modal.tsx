import { createGroupInput, type Group } from '@cadence/contract';
import { Alert, Button, Group as Row, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-messages';
import { submitHandler } from '../../../lib/form-submit';
import { schemaValidator } from '../../../lib/form-validation';
import { getFriendsQueryOptions } from '../../../lib/friends';
import { useCreateGroup, useUpdateGroup } from '../api/groups-api';

interface GroupFormValues {
  name: string;
  memberIds: string[];
}

interface GroupFormModalProps {
  opened: boolean;
  /** The group to change; none to create one. */
  group: Group | null;
  onClose: () => void;
}

/** "New group" and "Edit group": a name and a choice among my friends. */
export function GroupFormModal({ opened, group, onClose }: GroupFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? t('groups.form.editTitle') : t('groups.form.createTitle')}
      centered
    >
      {/* A new form for each opening, so it starts from the group as it is now. */}
      {opened && <GroupForm key={group?._id ?? 'new'} group={group} onDone={onClose} />}
    </Modal>
  );
}

function GroupForm({ group, onDone }: { group: Group | null; onDone: () => void }) {
  const { t } = useTranslation();
  const friends = useQuery(getFriendsQueryOptions());
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const mutation = group ? update : create;
  const form = useForm<GroupFormValues>({
    initialValues: { name: group?.name ?? '', memberIds: group?.members.map((member) => member._id) ?? [] },
    validate: schemaValidator(createGroupInput, t),
  });

  const submit = submitHandler(form, t, async (values) => {
    const input = { name: values.name.trim(), memberIds: values.memberIds };
    if (group) {
      await update.mutateAsync({ id: group._id, input });
      notifications.show({ color: 'green', message: t('groups.toast.updated') });
    } else {
      await create.mutateAsync(input);
      notifications.show({ color: 'green', message: t('groups.toast.created') });
    }
    onDone();
  });
  const fieldLevel = mutation.error instanceof ApiError && mutation.error.body?.fields;
  const options = (friends.data?.data ?? []).map((friend) => ({
    value: friend._id,
    label: `${friend.fullName} (@${friend.username})`,
  }));
  const noFriends = friends.isSuccess && options.length === 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {mutation.isError && !fieldLevel && (
          <Alert color="red" role="alert">
            {errorMessage(t, mutation.error)}
          </Alert>
        )}
        {friends.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, friends.error)}
          </Alert>
        )}
        <TextInput label={t('groups.form.name')} required data-autofocus {...form.getInputProps('name')} />
        <MultiSelect
          label={t('groups.form.members')}
          placeholder={noFriends ? undefined : t('groups.form.membersPlaceholder')}
          description={noFriends ? t('groups.form.noFriends') : undefined}
          data={options}
          searchable
          clearable
          nothingFoundMessage={t('groups.form.nothingFound')}
          disabled={friends.isPending || noFriends}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('memberIds')}
        />
        <Row justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t('groups.form.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {group ? t('groups.form.save') : t('groups.form.create')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
