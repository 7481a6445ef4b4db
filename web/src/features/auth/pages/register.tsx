import { homeOf, registerInput } from '@cadence/contract';
import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormShell } from '../../../components/form-shell';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { useContractForm } from '../../../lib/contract-form';
import { useRegister } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const binding = useContractForm(
    registerInput,
    { username: '', email: '', fullName: '', password: '' },
    {
      onSubmit: async (values) => {
        const session = await register.mutateAsync({
          ...values,
          fullName: values.fullName || undefined,
          // The account starts in this device's zone: its dates are right from the first page (D46).
          timeZone: browserTimeZone(),
        });
        await navigate(homeOf(session.userData.role), { replace: true });
      },
    },
  );
  const { form } = binding;

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
      <FormShell binding={binding} submitLabel={t('auth.register.submit')} wide>
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
      </FormShell>
    </AuthCard>
  );
}
