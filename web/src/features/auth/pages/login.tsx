import type { LoginInput } from '@cadence/contract';
import { demoAccounts } from '@cadence/contract/demo';
import { messages } from '@cadence/contract/messages';
import { homeOf } from '@cadence/contract/routes';
import { Alert, Anchor, Button, Code, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { submitHandler } from '../../../lib/form-submit';
import { errorMessage, translateApiMessage } from '../../../lib/api-messages';
import { useLogin } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    // Only presence is checked here; the server checks the rest. Keeping zod out of this page keeps
    // the first visit light (bench/bundle-size.ts).
    validate: {
      email: (value) => (value.trim() ? null : translateApiMessage(t, messages['validation.emailRequired'])),
      password: (value) => (value ? null : translateApiMessage(t, messages['validation.passwordRequired'])),
    },
  });

  const submit = submitHandler(form, t, async (values) => {
    const session = await login.mutateAsync(values);
    await navigate(homeOf(session.userData.role), { replace: true });
  });

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.newHere')}{' '}
          <Anchor component={Link} to="/register" underline="always">
            {t('auth.login.createAccount')}
          </Anchor>
        </>
      }
    >
      <Alert variant="light" color="violet" role="note" title={t('auth.login.demoTitle')}>
        <Stack gap={4}>
          {demoAccounts.map((account) => (
            <Text size="sm" key={account.username}>
              {t(account.role === 'admin' ? 'auth.login.demoAdmin' : 'auth.login.demoClient')}:{' '}
              <Code>{account.email}</Code> / <Code>{account.password}</Code>
            </Text>
          ))}
        </Stack>
      </Alert>
      {login.isError && !form.errors.email && (
        <Alert color="red" role="alert">
          {errorMessage(t, login.error)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
