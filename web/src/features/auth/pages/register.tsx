import { homeOf, type RegisterInput, registerInput } from '@cadence/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-messages';
import { submitHandler } from '../../../lib/form-submit';
import { schemaValidator } from '../../../lib/form-validation';
import { useRegister } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

type RegisterForm = Required<Omit<RegisterInput, 'language'>>;

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<RegisterForm>({
    initialValues: { username: '', email: '', fullName: '', password: '' },
    validate: schemaValidator(registerInput, t),
  });

  const submit = submitHandler(form, t, async (values) => {
    const session = await register.mutateAsync({ ...values, fullName: values.fullName || undefined });
    await navigate(homeOf(session.userData.role), { replace: true });
  });
  const fieldLevel = register.error instanceof ApiError && register.error.body?.fields;

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Anchor component={Link} to="/login" underline="always">
            {t('auth.register.signIn')}
          </Anchor>
        </>
      }
    >
      {register.isError && !fieldLevel && (
        <Alert color="red" role="alert">
          {errorMessage(t, register.error)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.username')}
            autoComplete="username"
            required
            {...form.getInputProps('username')}
          />
          <TextInput label={t('auth.fullName')} autoComplete="name" {...form.getInputProps('fullName')} />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
