/** The app's toasts: green for a change made, red for a refusal; the close button is named for screen readers. */
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorMessage } from './api-messages';

export function toastSuccess(t: TFunction, message: string) {
  notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': t('common.close') } });
}

/** A failed request, in the user's language (D10). */
export function toastError(t: TFunction, error: unknown) {
  notifications.show({
    color: 'red',
    message: errorMessage(t, error),
    closeButtonProps: { 'aria-label': t('common.close') },
  });
}
