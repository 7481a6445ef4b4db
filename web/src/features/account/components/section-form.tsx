import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-messages';

interface SectionFormProps {
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** A failure that belongs to no field. */
  error: unknown;
  hasFieldErrors: boolean;
  children: ReactNode;
  submitLabel?: string;
}

/** One tab's form: its fields, a general error if any, and the save button. */
export function SectionForm({
  onSubmit,
  saving,
  error,
  hasFieldErrors,
  children,
  submitLabel,
}: SectionFormProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={640}>
        {error != null && !hasFieldErrors && (
          <Alert color="red" role="alert">
            {errorMessage(t, error)}
          </Alert>
        )}
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {submitLabel ?? t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
