/**
 * A card's due date as a badge, on the card's face and in its dialog: red when overdue, orange
 * when due within a day, green when done, neutral otherwise; the state is said in words too, not
 * by colour alone. And the dialog's editor of it. Dates are shown and entered in the account's
 * time zone (D15), not the browser's.
 */
import { dueState, type ListItem } from '@cadence/contract';
import {
  Badge,
  type BadgeProps,
  Button,
  Checkbox,
  Group,
  Stack,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { readableTextColor } from '../../../lib/color-contrast';
import { useSessionUser } from '../../../lib/session';
import { fromWallTime, toWallTime } from '../../../lib/wall-time';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { useMinuteClock } from '../model/clock';

export type DueState = ReturnType<typeof dueState>;

/**
 * The account's time zone, the browser's until the account is read. Read it once where many
 * badges are drawn (the board) and pass it down: the account is read once for them all.
 */
export function useAccountTimeZone(): string {
  const signedIn = useSessionUser() !== null;
  const account = useQuery({ ...getAccountQueryOptions(), enabled: signedIn, staleTime: 5 * 60_000 });
  return account.data?.timeZone ?? browserTimeZone() ?? 'UTC';
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** "29 Mar, 02:30" on a card, "29 March 2026, 02:30" in full, in the language and time zone. */
export function formatDue(
  dueAt: string,
  language: string,
  timeZone: string | undefined,
  length: 'short' | 'full' = 'short',
): string {
  const key = `${language}|${timeZone ?? ''}|${length}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      timeZone,
      day: 'numeric',
      month: length === 'full' ? 'long' : 'short',
      year: length === 'full' ? 'numeric' : undefined,
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(key, format);
  }
  return format.format(new Date(dueAt));
}

/** Filled colours that keep a readable text on them (black or white, lib/color-contrast.ts). */
const stateColors: Partial<Record<DueState, string>> = {
  overdue: '#c92a2a',
  soon: '#f08c00',
  complete: '#216e39',
};

const stateLabels = {
  overdue: 'projects.item.due.overdue',
  soon: 'projects.item.due.soon',
  complete: 'projects.item.due.complete',
  later: 'projects.item.due.later',
} as const;

export interface DueBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  dueAt: ListItem['dueAt'];
  dueComplete: ListItem['dueComplete'];
  /** The account's time zone (`useAccountTimeZone`); the browser's when not given. */
  timeZone?: string;
  /** The dialog's: the full date and the state in words; the card's face says the state to screen readers only. */
  full?: boolean;
}

/** Nothing when the card has no due date. `data-state`: overdue, soon, complete or later. */
export const DueBadge = memo(function DueBadge({ dueAt, ...props }: DueBadgeProps) {
  // Cards without a due date (most) subscribe to neither the clock nor the language.
  return dueAt === null ? null : <DatedBadge dueAt={dueAt} {...props} />;
});

function DatedBadge({
  dueAt,
  dueComplete,
  timeZone,
  full = false,
  ...props
}: DueBadgeProps & { dueAt: string }) {
  const { t, i18n } = useTranslation();
  const now = useMinuteClock();
  const state = dueState({ dueAt, dueComplete }, now);
  if (state === 'none') return null;
  const color = stateColors[state];
  const stateText = t(stateLabels[state]);
  return (
    <Badge
      variant={color ? 'filled' : 'default'}
      color={color}
      c={color ? readableTextColor(color) : undefined}
      tt="none"
      leftSection={<IconClock size={12} aria-hidden />}
      data-testid="due-badge"
      data-state={state}
      {...props}
    >
      <bdi>{formatDue(dueAt, i18n.language, timeZone, full ? 'full' : 'short')}</bdi>
      {full && state !== 'later' ? ` · ${stateText}` : <VisuallyHidden>, {stateText}</VisuallyHidden>}
    </Badge>
  );
}

/** An instant as a `datetime-local` input's value (YYYY-MM-DDTHH:mm) in a time zone. */
export function toInputValue(instant: string, timeZone: string): string {
  const { date, time } = toWallTime(instant, timeZone);
  return `${date}T${time}`;
}

/** A `datetime-local` value read in a time zone: the ISO instant, or null when incomplete. */
export function fromInputValue(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? fromWallTime({ date: match[1]!, time: match[2]! }, timeZone) : null;
}

interface DueEditorProps {
  dueAt: ListItem['dueAt'];
  dueComplete: ListItem['dueComplete'];
  timeZone: string;
  onChange: (change: Partial<Pick<ListItem, 'dueAt' | 'dueComplete'>>) => void;
}

/**
 * The due date and time in the account's time zone, saved when the field is left or Enter is
 * pressed (not at each keystroke, which would log a history line each); done; removed.
 */
export function DueEditor({ dueAt, dueComplete, timeZone, onChange }: DueEditorProps) {
  const { t } = useTranslation();
  const saved = dueAt ? toInputValue(dueAt, timeZone) : '';
  const [draft, setDraft] = useState(saved);
  // A change saved here or elsewhere (or the time zone, once the account is read) shows at once.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setDraft(saved);
  }

  const commit = () => {
    if (draft === saved) return;
    const instant = fromInputValue(draft, timeZone);
    // An incomplete date is not a removal: the Remove button is.
    if (instant === null) setDraft(saved);
    else onChange({ dueAt: instant });
  };

  return (
    <Stack gap={6}>
      <TextInput
        type="datetime-local"
        label={t('projects.item.due.label')}
        description={t('projects.item.due.timeZone', { zone: timeZone })}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <Group justify="space-between" gap="xs">
        <Checkbox
          label={t('projects.item.due.done')}
          checked={dueComplete}
          disabled={dueAt === null}
          onChange={(event) => onChange({ dueComplete: event.currentTarget.checked })}
        />
        <Button
          size="compact-sm"
          variant="default"
          disabled={dueAt === null}
          onClick={() => onChange({ dueAt: null, dueComplete: false })}
        >
          {t('projects.item.due.remove')}
        </Button>
      </Group>
    </Stack>
  );
}
