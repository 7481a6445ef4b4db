/**
 * The project form of /project/add-project and /project/edit-project: name, description, and who
 * shares it: assignees (among my friends) and a group whose members join (D13, D17).
 */
import { createBoardInput, type PublicUser } from '@cadence/contract';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { DescriptionField, TitleField } from '../../../components/form-kit';
import { FormShell } from '../../../components/form-shell';
import { FriendsSelect } from '../../../components/friends-select';
import { useContractForm } from '../../../lib/contract-form';
import { getMyGroupsQueryOptions } from '../api/projects-api';

export type ProjectFormValues = {
  name: string;
  description: string;
  assignees: string[];
  group: string | null;
};

interface ProjectFormProps {
  initialValues: ProjectFormValues;
  /** People already on the board, shown even when they are no longer friends. */
  currentMembers?: PublicUser[];
  submitLabel: string;
  onSubmit: (values: ProjectFormValues) => Promise<unknown>;
  onCancel: () => void;
}

export function ProjectForm({
  initialValues,
  currentMembers = [],
  submitLabel,
  onSubmit,
  onCancel,
}: ProjectFormProps) {
  const { t } = useTranslation();
  const groups = useQuery(getMyGroupsQueryOptions());
  const binding = useContractForm(createBoardInput, initialValues, { onSubmit });
  const { form } = binding;

  const groupOptions = (groups.data?.data ?? []).map((group) => ({ value: group._id, label: group.name }));

  return (
    <FormShell binding={binding} submitLabel={submitLabel} onCancel={onCancel}>
      <ErrorAlert error={groups.error} />
      <TitleField label={t('projects.form.name')} maxLength={100} {...form.getInputProps('name')} />
      <DescriptionField
        label={t('projects.form.description')}
        minRows={3}
        maxRows={8}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <FriendsSelect
        label={t('projects.form.assignees')}
        chosen={currentMembers}
        {...form.getInputProps('assignees')}
      />
      <Select
        label={t('projects.form.group')}
        placeholder={groupOptions.length > 0 ? t('projects.form.groupPlaceholder') : undefined}
        // One line from the start, whatever the groups turn out to be: the buttons below do not
        // move when they arrive (a click aimed at them then landed elsewhere).
        description={
          groups.isSuccess && groupOptions.length === 0
            ? t('projects.form.noGroups')
            : t('projects.form.groupHint')
        }
        data={groupOptions}
        clearable
        disabled={groups.isPending || groupOptions.length === 0}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('group')}
      />
    </FormShell>
  );
}
