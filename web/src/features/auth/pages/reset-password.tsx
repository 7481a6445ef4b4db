import { newPassword } from '@cadence/contract';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-messages';
import { submitHandler } from '../../../lib/form-submit';
import { schemaValidator } from '../../../lib/form-validation';
import { useResetPassword } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

interface ResetForm {
  password: string;
  confirm: string;
}

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const schema = z
    .object({ password: newPassword, confirm: z.string() })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'auth.reset.mismatch' });
  const validate = schemaValidator<ResetForm>(schema, t);
  const form = useForm<ResetForm>({
    initialValues: { password: '', confirm: '' },
    validate: (values) => {
      const errors = validate(values);
      if (errors.confirm === 'auth.reset.mismatch') errors.confirm = t('auth.reset.mismatch');
      return errors;
    },
  });
  const submit = submitHandler(form, t, async ({ password }) => {
    await reset.mutateAsync({ token, password });
    notifications.show({ color: 'green', message: t('auth.reset.done') });
    await navigate('/login', { replace: true });
  });

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
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {reset.isError && !form.errors.password && (
              <Alert color="red" role="alert">
                {errorMessage(t, reset.error)}
              </Alert>
            )}
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
            <Button type="submit" loading={reset.isPending} fullWidth>
              {t('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
