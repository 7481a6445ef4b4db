/**
 * The toast of a change that can be undone (D48): its text and an Undo button. Hovering or focusing
 * it holds it open (Mantine), so Undo can be reached by keyboard; `onClose` runs however it closes.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

export function toastWithUndo(
  t: TFunction,
  message: string,
  onUndo: () => void,
  onClose?: () => void,
): string {
  return notifications.show({
    color: 'green',
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" data-testid="undo-toast-message">
          {message}
        </Text>
        <Button size="compact-sm" variant="default" onClick={onUndo}>
          {t('common.undo')}
        </Button>
      </Group>
    ),
    closeButtonProps: { 'aria-label': t('common.close') },
    onClose,
  });
}

export function hideToast(id: string): void {
  notifications.hide(id);
}
