import { forgotPasswordInput } from '@cadence/contract';
import { Alert, Anchor, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import { useForgotPassword } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const binding = useContractForm(
    forgotPasswordInput,
    { email: '' },
    { onSubmit: (values) => forgot.mutateAsync(values) },
  );

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <Anchor component={Link} to="/login">
          {t('auth.backToLogin')}
        </Anchor>
      }
    >
      {forgot.isSuccess ? (
        <Alert color="green" role="status">
          {t('auth.forgot.sent')}
        </Alert>
      ) : (
        <FormShell binding={binding} submitLabel={t('auth.forgot.submit')} wide>
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...binding.form.getInputProps('email')}
          />
        </FormShell>
      )}
    </AuthCard>
  );
}
