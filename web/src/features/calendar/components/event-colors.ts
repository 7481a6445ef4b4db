/** Each category's colours on the calendar: the contract's Mantine colour and a text colour that stays readable on it. */
import { type CalendarEvent, categoryColors, type EventCategory } from '@cadence/contract';
import type { MantineTheme } from '@mantine/core';
import { readableTextColor } from '../../../lib/color-contrast';

/** The category names' i18n keys. */
export const categoryLabels: Record<EventCategory, string> = {
  Personal: 'calendar.category.personal',
  Business: 'calendar.category.business',
  Family: 'calendar.category.family',
  Holiday: 'calendar.category.holiday',
  ETC: 'calendar.category.etc',
};

/** An event's background and text: the category's colour, lighter for a guest's read-only event. */
export function eventColors(theme: MantineTheme, event: Pick<CalendarEvent, 'category' | 'editable'>) {
  const shades = theme.colors[categoryColors[event.category]] ?? theme.colors.gray;
  const color = event.editable ? shades[6] : shades[2];
  return { color, contrastColor: readableTextColor(color) };
}
