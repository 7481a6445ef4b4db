/** The i18n keys of the goals' fixed values (D19), spelled out so that the translations test sees them. */
import type { GoalTime, GoalTimeline } from '@cadence/contract';
import type { GoalStatus } from '../model/goal';

export const timelineLabels: Record<GoalTimeline, string> = {
  day: 'goals.timeline.day',
  week: 'goals.timeline.week',
  month: 'goals.timeline.month',
  quarter: 'goals.timeline.quarter',
  year: 'goals.timeline.year',
};

export const timeLabels: Record<GoalTime, string> = {
  anytime: 'goals.time.anytime',
  morning: 'goals.time.morning',
  afternoon: 'goals.time.afternoon',
  evening: 'goals.time.evening',
  night: 'goals.time.night',
};

export const statusLabels: Record<GoalStatus, string> = {
  open: 'goals.status.open',
  progress: 'goals.status.progress',
  done: 'goals.status.done',
};
