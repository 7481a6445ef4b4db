/**
 * The project form of /project/add-project and /project/edit-project: name, description, and who
 * shares it: assignees (among my friends) and a group whose members join (D13, D17).
 */
import { createBoardInput, type PublicUser } from '@cadence/contract';
import { Alert, Button, Group, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-messages';
import { submitHandler } from '../../../lib/form-submit';
import { schemaValidator } from '../../../lib/form-validation';
import { getFriendsQueryOptions } from '../../../lib/friends';
import { getMyGroupsQueryOptions } from '../api/projects-api';

export interface ProjectFormValues {
  name: string;
  description: string;
  assignees: string[];
  group: string | null;
}

interface ProjectFormProps {
  initialValues: ProjectFormValues;
  /** People already on the board, shown even when they are no longer friends. */
  currentMembers?: PublicUser[];
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: ProjectFormValues) => Promise<unknown>;
  onCancel: () => void;
}

const personLabel = (person: PublicUser) => `${person.fullName} (@${person.username})`;

export function ProjectForm({
  initialValues,
  currentMembers = [],
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: ProjectFormProps) {
  const { t } = useTranslation();
  const friends = useQuery(getFriendsQueryOptions());
  const groups = useQuery(getMyGroupsQueryOptions());
  const form = useForm<ProjectFormValues>({ initialValues, validate: schemaValidator(createBoardInput, t) });
  const submit = submitHandler(form, t, onSubmit);
  const fieldLevel = error instanceof ApiError && error.body?.fields;

  const people = new Map<string, PublicUser>();
  for (const person of [...currentMembers, ...(friends.data?.data ?? [])]) people.set(person._id, person);
  const friendOptions = [...people.values()].map((person) => ({
    value: person._id,
    label: personLabel(person),
  }));
  const groupOptions = (groups.data?.data ?? []).map((group) => ({ value: group._id, label: group.name }));
  const noFriends = friends.isSuccess && friendOptions.length === 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error !== null && error !== undefined && !fieldLevel && (
          <Alert color="red" role="alert">
            {errorMessage(t, error)}
          </Alert>
        )}
        {(friends.isError || groups.isError) && (
          <Alert color="red" role="alert">
            {errorMessage(t, friends.error ?? groups.error)}
          </Alert>
        )}
        <TextInput
          label={t('projects.form.name')}
          required
          maxLength={100}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('projects.form.description')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <MultiSelect
          label={t('projects.form.assignees')}
          placeholder={noFriends ? undefined : t('projects.form.assigneesPlaceholder')}
          description={noFriends ? t('projects.form.noFriends') : undefined}
          data={friendOptions}
          searchable
          clearable
          nothingFoundMessage={t('projects.form.nothingFound')}
          disabled={friends.isPending || noFriends}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('assignees')}
        />
        <Select
          label={t('projects.form.group')}
          placeholder={groupOptions.length > 0 ? t('projects.form.groupPlaceholder') : undefined}
          description={
            groups.isSuccess && groupOptions.length === 0 ? t('projects.form.noGroups') : undefined
          }
          data={groupOptions}
          clearable
          disabled={groups.isPending || groupOptions.length === 0}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('group')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('projects.form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
