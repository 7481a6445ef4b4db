import { roles, updateUserInput, type UserDetail } from '@cadence/contract';
import { Card, Select, Skeleton, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { FormShell } from '../../../components/form-shell';
import { ApiError } from '../../../lib/api-client';
import { getCurrentUserQueryOptions } from '../../../lib/auth';
import { useContractForm } from '../../../lib/contract-form';
import { toastSuccess } from '../../../lib/toast';
import { getUserQueryOptions, useUpdateUser } from '../api/users-api';
import { roleLabels } from '../lib/role-labels';

/** Oneself: names. The operator: anyone's names, role and state (D7). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const current = useQuery(getCurrentUserQueryOptions());
  const user = useQuery(getUserQueryOptions(id));

  if (user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400)) {
    return <Navigate to="/error-404" replace />;
  }
  const operator = current.data?.operator ?? false;
  const self = current.data?.userData._id === id;
  if (current.data && !operator && !self)
    return <Navigate to="/pages/miscellaneous/not-authorized" replace />;

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('users.edit.title')}
      </Title>
      <Card withBorder padding="lg" maw={640}>
        {user.isError ? (
          <ErrorAlert error={user.error} />
        ) : user.isPending || current.isPending ? (
          <Skeleton h={220} />
        ) : (
          <EditUserForm key={user.data._id} user={user.data} manage={operator && !self} />
        )}
      </Card>
    </Stack>
  );
}

function EditUserForm({ user, manage }: { user: UserDetail; manage: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateUser(user._id);
  // Role and state go to the server only from the operator's form (D7).
  const binding = useContractForm(
    updateUserInput,
    {
      username: user.username,
      fullName: user.fullName,
      role: user.role ?? 'admin',
      active: user.active ?? true,
    },
    {
      onSubmit: async ({ role, active, ...names }) => {
        await update.mutateAsync(manage ? { ...names, role, active } : names);
        toastSuccess(t, t('users.edit.saved'));
        await navigate(`/apps/users/view/${user._id}`);
      },
    },
  );
  const { form } = binding;

  return (
    <FormShell binding={binding} submitLabel={t('common.save')}>
      <TextInput label={t('users.fields.username')} required {...form.getInputProps('username')} />
      <TextInput label={t('users.fields.name')} required {...form.getInputProps('fullName')} />
      {manage && (
        <>
          <Select
            label={t('users.fields.role')}
            data={roles.map((role) => ({ value: role, label: t(roleLabels[role]) }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Switch label={t('users.fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        </>
      )}
    </FormShell>
  );
}
