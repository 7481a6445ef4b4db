import { type UpdateUserInput, updateUserInput, type UserDetail } from '@cadence/contract';
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-messages';
import { getCurrentUserQueryOptions } from '../../../lib/auth';
import { submitHandler } from '../../../lib/form-submit';
import { schemaValidator } from '../../../lib/form-validation';
import { getUserQueryOptions, useUpdateUser } from '../api/users-api';

interface EditForm {
  username: string;
  fullName: string;
  role: 'admin' | 'client';
  active: boolean;
}

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
          <Alert color="red">{errorMessage(t, user.error)}</Alert>
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
  const validate = schemaValidator<UpdateUserInput>(updateUserInput, t);
  const form = useForm<EditForm>({
    initialValues: {
      username: user.username,
      fullName: user.fullName,
      role: user.role ?? 'admin',
      active: user.active ?? true,
    },
    validate: (values) =>
      validate(manage ? values : { username: values.username, fullName: values.fullName }),
  });

  const submit = submitHandler(form, t, async (values) => {
    const { role, active, ...names } = values;
    await update.mutateAsync(manage ? { ...names, role, active } : names);
    notifications.show({ color: 'green', message: t('users.edit.saved') });
    await navigate(`/apps/users/view/${user._id}`);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {update.isError && Object.keys(form.errors).length === 0 && (
          <Alert color="red" role="alert">
            {errorMessage(t, update.error)}
          </Alert>
        )}
        <TextInput label={t('users.fields.username')} required {...form.getInputProps('username')} />
        <TextInput label={t('users.fields.name')} required {...form.getInputProps('fullName')} />
        {manage && (
          <>
            <Select
              label={t('users.fields.role')}
              data={[
                { value: 'admin', label: t('roles.admin') },
                { value: 'client', label: t('roles.client') },
              ]}
              allowDeselect={false}
              {...form.getInputProps('role')}
            />
            <Switch
              label={t('users.fields.active')}
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
