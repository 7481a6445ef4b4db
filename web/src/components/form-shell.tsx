/** The frame of a form bound with useContractForm: its failure as an alert, the fields, then Cancel and submit. */
import { Button, Group, type MantineColor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractForm } from '../lib/contract-form';
import { ErrorAlert } from './error-alert';

interface FormShellProps {
  binding: Pick<ContractForm<Record<string, unknown>>, 'onSubmit' | 'failure' | 'submitting'>;
  submitLabel: string;
  /** Shows a Cancel button before the submit button. */
  onCancel?: () => void;
  /** One wide submit button, as on the sign-in pages. */
  wide?: boolean;
  maw?: number;
  /** Keeps the submit button disabled until the form has what it needs (beyond what the schema checks). */
  submitDisabled?: boolean;
  /** Another action at the start of the buttons' row, such as Delete in an edit drawer. */
  secondaryAction?: ReactNode;
  /** The submit button's colour: red for a change that cannot be undone. */
  submitColor?: MantineColor;
  children: ReactNode;
}

export function FormShell({
  binding,
  submitLabel,
  onCancel,
  wide,
  maw,
  submitDisabled,
  secondaryAction,
  submitColor,
  children,
}: FormShellProps) {
  const { t } = useTranslation();
  const submit = (
    <Button
      type="submit"
      loading={binding.submitting}
      disabled={submitDisabled}
      fullWidth={wide}
      color={submitColor}
    >
      {submitLabel}
    </Button>
  );
  return (
    <form onSubmit={binding.onSubmit} noValidate>
      <Stack gap="sm" maw={maw}>
        <ErrorAlert error={binding.failure} />
        {children}
        {wide ? (
          submit
        ) : (
          <Group justify="flex-end">
            {secondaryAction && <div style={{ marginInlineEnd: 'auto' }}>{secondaryAction}</div>}
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            )}
            {submit}
          </Group>
        )}
      </Stack>
    </form>
  );
}
