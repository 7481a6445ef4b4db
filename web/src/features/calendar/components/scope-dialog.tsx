/**
 * "This event / This and following events / All events" (D39), as Google Calendar asks it when an
 * occurrence of a repeating event is changed, moved or deleted. `ask` opens the dialog and resolves
 * with the choice, or null when it is closed without one.
 */
import { type CalendarOccurrence, type EventScope, eventScopes } from '@cadence/contract';
import { Button, getDefaultZIndex, Group, Modal, Radio, Stack } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ScopeAction = 'edit' | 'move' | 'delete';

/** Whether changing this occurrence asks which ones: one of a repeating event's. */
export const asksScope = (event: Pick<CalendarOccurrence, 'recurrence' | 'kind'>) =>
  event.kind === 'event' && event.recurrence !== null;

const titles: Record<ScopeAction, string> = {
  edit: 'calendar.scope.editTitle',
  move: 'calendar.scope.moveTitle',
  delete: 'calendar.scope.deleteTitle',
};

const labels: Record<EventScope, string> = {
  this: 'calendar.scope.this',
  following: 'calendar.scope.following',
  all: 'calendar.scope.all',
};

export function useScopeQuestion(): {
  ask: (action: ScopeAction) => Promise<EventScope | null>;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [action, setAction] = useState<ScopeAction | null>(null);
  const [choice, setChoice] = useState<EventScope>('this');
  const resolver = useRef<((scope: EventScope | null) => void) | null>(null);

  const ask = useCallback((next: ScopeAction) => {
    resolver.current?.(null);
    setChoice('this');
    setAction(next);
    return new Promise<EventScope | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (scope: EventScope | null) => {
    resolver.current?.(scope);
    resolver.current = null;
    setAction(null);
  };

  const dialog = (
    <Modal
      opened={action !== null}
      onClose={() => answer(null)}
      // Above the event's drawer, from which a change is saved.
      zIndex={getDefaultZIndex('modal') + 100}
      title={action ? t(titles[action]) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Radio.Group
          value={choice}
          onChange={(value) => {
            const chosen = eventScopes.find((scope) => scope === value);
            if (chosen) setChoice(chosen);
          }}
          aria-label={action ? t(titles[action]) : ''}
        >
          <Stack gap="xs">
            {eventScopes.map((scope) => (
              <Radio key={scope} value={scope} label={t(labels[scope])} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(null)}>
            {t('common.cancel')}
          </Button>
          <Button color={action === 'delete' ? 'red' : undefined} onClick={() => answer(choice)}>
            {t(action === 'delete' ? 'calendar.scope.delete' : 'calendar.scope.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask, dialog };
}
