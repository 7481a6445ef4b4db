import { type ForgotPasswordInput, forgotPasswordInput } from '@cadence/contract';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-messages';
import { submitHandler } from '../../../lib/form-submit';
import { schemaValidator } from '../../../lib/form-validation';
import { useForgotPassword } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordInput>({
    initialValues: { email: '' },
    validate: schemaValidator(forgotPasswordInput, t),
  });
  const submit = submitHandler(form, t, async (values) => {
    await forgot.mutateAsync(values);
  });

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
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {forgot.isError && !form.errors.email && (
              <Alert color="red" role="alert">
                {errorMessage(t, forgot.error)}
              </Alert>
            )}
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={forgot.isPending} fullWidth>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
