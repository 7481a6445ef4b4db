/**
 * /unlock?token=… — the page of the link mailed to an account under attack (decisions §61). The
 * link is used by a click, not on arrival, so a mail scanner that opens it spends nothing.
 */
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useUnlock } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unlock = useUnlock();

  return (
    <AuthCard
      title={t('auth.unlock.title')}
      footer={
        <Anchor component={Link} to="/login">
          {t('auth.backToLogin')}
        </Anchor>
      }
    >
      {!token ? (
        <Alert color="red" role="alert">
          {t('api.auth.invalidUnlockToken')}
        </Alert>
      ) : unlock.isSuccess ? (
        <Stack gap="sm">
          <Alert color="green" role="status">
            {t('auth.unlock.done')}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <ErrorAlert error={unlock.error} />
          <Button fullWidth loading={unlock.isPending} onClick={() => unlock.mutate({ token })}>
            {t('auth.unlock.submit')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
