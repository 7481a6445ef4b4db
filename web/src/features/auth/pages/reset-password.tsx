import { newPassword } from '@cadence/contract';
import { Alert, Anchor, PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import { toastSuccess } from '../../../lib/toast';
import { useResetPassword } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

const resetForm = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'auth.reset.mismatch' });

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const binding = useContractForm(
    resetForm,
    { password: '', confirm: '' },
    {
      onSubmit: async ({ password }) => {
        await reset.mutateAsync({ token, password });
        toastSuccess(t, t('auth.reset.done'));
        await navigate('/login', { replace: true });
      },
    },
  );
  const { form } = binding;

  return (
    <AuthCard
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={
        <Anchor component={Link} to="/login">
          {t('auth.backToLogin')}
        </Anchor>
      }
    >
      {!token ? (
        <Alert color="red" role="alert">
          {t('api.auth.invalidResetToken')}
        </Alert>
      ) : (
        <FormShell binding={binding} submitLabel={t('auth.reset.submit')} wide>
          <PasswordInput
            label={t('auth.reset.newPassword')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('auth.reset.confirm')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
        </FormShell>
      )}
    </AuthCard>
  );
}
