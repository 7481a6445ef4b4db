import { createGroupInput, type Group } from '@cadence/contract';
import { Modal, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../../components/form-shell';
import { FriendsSelect } from '../../../components/friends-select';
import { useContractForm } from '../../../lib/contract-form';
import { toastSuccess } from '../../../lib/toast';
import { useCreateGroup, useUpdateGroup } from '../api/groups-api';

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
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* A new form for each opening, so it starts from the group as it is now. */}
      {opened && <GroupForm key={group?._id ?? 'new'} group={group} onDone={onClose} />}
    </Modal>
  );
}

function GroupForm({ group, onDone }: { group: Group | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const binding = useContractForm(
    createGroupInput,
    { name: group?.name ?? '', memberIds: group?.members.map((member) => member._id) ?? [] },
    {
      onSubmit: async (values) => {
        const input = { name: values.name.trim(), memberIds: values.memberIds };
        if (group) {
          await update.mutateAsync({ id: group._id, input });
          toastSuccess(t, t('groups.toast.updated'));
        } else {
          await create.mutateAsync(input);
          toastSuccess(t, t('groups.toast.created'));
        }
        onDone();
      },
    },
  );
  const { form } = binding;

  return (
    <FormShell
      binding={binding}
      submitLabel={group ? t('groups.form.save') : t('groups.form.create')}
      onCancel={onDone}
    >
      <TextInput label={t('groups.form.name')} required data-autofocus {...form.getInputProps('name')} />
      <FriendsSelect label={t('groups.form.members')} {...form.getInputProps('memberIds')} />
    </FormShell>
  );
}
