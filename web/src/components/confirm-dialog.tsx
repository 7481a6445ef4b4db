/**
 * The one confirm dialog (delete, remove…): a question about a subject, Cancel and a confirm button
 * in the danger colour. It shows the change's pending state and failure inside, and closes with a
 * success toast once the change is made (a deletion held for Undo shows its own toast: no `success`).
 */
import { Button, Group, type MantineColor, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../lib/toast';
import { ErrorAlert } from './error-alert';

interface ConfirmDialogProps<T> {
  /** What the dialog asks about; it is open while there is one. */
  subject: T | null;
  title: string;
  message: (subject: T) => string;
  confirmLabel: string;
  /**
   * The change, usually a mutation's `mutateAsync`; the dialog stays open with its error if it fails.
   * A deletion held for Undo (`lib/use-undo.ts`) returns nothing: its toast says the rest.
   */
  onConfirm: (subject: T) => Promise<unknown> | void;
  success?: (subject: T) => string;
  onClose: () => void;
  color?: MantineColor;
}

export function ConfirmDialog<T>({
  subject,
  title,
  message,
  confirmLabel,
  onConfirm,
  success,
  onClose,
  color = 'red',
}: ConfirmDialogProps<T>) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = async (target: T) => {
    setPending(true);
    setFailure(null);
    try {
      await onConfirm(target);
      if (success) toastSuccess(t, success(target));
      close();
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened={subject !== null}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {subject !== null && (
        <Stack gap="md">
          <ErrorAlert error={failure} />
          <Text>{message(subject)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color={color} loading={pending} onClick={() => void confirm(subject)}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
