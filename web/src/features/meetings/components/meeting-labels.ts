/** The i18n keys and colours of the meetings' states, answers and durations. */
import type { InvitationStatus, MeetingState } from '@cadence/contract';
import type { MantineColor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { splitMinutes } from '../lib/meeting-times';

export const statusLabels: Record<InvitationStatus, string> = {
  pending: 'meetings.status.pending',
  accepted: 'meetings.status.accepted',
  refused: 'meetings.status.refused',
};

export const statusColors: Record<InvitationStatus, MantineColor> = {
  pending: 'gray',
  accepted: 'green',
  refused: 'red',
};

export const stateLabels: Record<MeetingState, string> = {
  active: 'meetings.state.active',
  archived: 'meetings.state.archived',
};

/** "45 min", "2 h", "1 h 30 min". */
export function durationLabel(t: TFunction, total: number): string {
  const { hours, minutes } = splitMinutes(total);
  if (hours === 0) return t('meetings.duration.minutes', { minutes });
  if (minutes === 0) return t('meetings.duration.hours', { hours });
  return t('meetings.duration.hoursMinutes', { hours, minutes });
}
