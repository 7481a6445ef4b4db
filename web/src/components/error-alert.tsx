/** A failed request as an alert (announced at once by screen readers), or nothing when there is none. */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-messages';

export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" role="alert">
      {errorMessage(t, error)}
    </Alert>
  );
}
