import type { LoginInput } from '@cadence/contract';
import { demoAccounts } from '@cadence/contract/demo';
import { homeOf } from '@cadence/contract/routes';
import { Alert, Anchor, Button, Code, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage, fieldErrors } from '../../../lib/api-messages';
import { useLogin } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  // Two fields, presence checks only (the server checks the rest): plain state instead of a form
  // library keeps the first visit light (bench/bundle-size.ts, decisions §15).
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginInput, string>>>({});
  const change = (field: keyof LoginInput) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = {
      email: values.email.trim() ? undefined : t('api.validation.emailRequired'),
      password: values.password ? undefined : t('api.validation.passwordRequired'),
    };
    setErrors(missing);
    if (missing.email || missing.password) return;
    try {
      const session = await login.mutateAsync(values);
      await navigate(homeOf(session.userData.role), { replace: true });
    } catch (error) {
      setErrors(fieldErrors(t, error));
    }
  };

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
      {login.isError && !errors.email && (
        <Alert color="red" role="alert">
          {errorMessage(t, login.error)}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={change('email')}
            error={errors.email}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={change('password')}
            error={errors.password}
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
