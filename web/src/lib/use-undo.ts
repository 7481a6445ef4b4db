/** The app's undo queue (`undo.ts`) with Mantine's toasts, and the hooks every delete and archive uses. */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from './toast';
import { hideToast, toastWithUndo } from './undo-toast';
import {
  createUndoQueue,
  type HeldDelete,
  setAppUndoQueue,
  type UndoQueue,
  type UndoToastPort,
} from './undo';

export { cacheEdit, type HeldDelete, type SendOptions } from './undo';

let app: { client: QueryClient; queue: UndoQueue } | null = null;

const t = () => i18next.t.bind(i18next);

const mantineToast: UndoToastPort = {
  show: ({ message, onUndo, onClose }) => toastWithUndo(t(), message, onUndo, onClose),
  hide: hideToast,
};

function queueFor(client: QueryClient): UndoQueue {
  if (app?.client !== client) {
    app = { client, queue: createUndoQueue(client, mantineToast, (error) => toastError(t(), error)) };
    setAppUndoQueue(app.queue);
  }
  return app.queue;
}

/** Holds a deletion for its toast's time, with Undo: every delete of D48 goes through this. */
export function useHeldDelete(): (held: HeldDelete) => void {
  const queryClient = useQueryClient();
  return useCallback((held: HeldDelete) => queueFor(queryClient).hold(held), [queryClient]);
}

/** An archive already made: its toast offers Undo, which sends `reverse`. */
export function useUndoableToast(): (message: string, reverse: () => void) => void {
  const { t: translate } = useTranslation();
  return useCallback(
    (message: string, reverse: () => void) => {
      const id: string = toastWithUndo(translate, message, () => {
        hideToast(id);
        reverse();
      });
    },
    [translate],
  );
}
