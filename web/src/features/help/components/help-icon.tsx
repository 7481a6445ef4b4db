/** The drawing of each icon a help category may name (contract helpIcons). */
import type { FaqAnswer } from '@cadence/contract';
import { ThemeIcon } from '@mantine/core';
import {
  IconCalendar,
  IconCalendarUser,
  IconCreditCard,
  IconLayoutKanban,
  IconListCheck,
  IconRocket,
  IconShieldLock,
  IconTarget,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

type HelpIconName = FaqAnswer['data'][number]['icon'];

const drawings: Record<HelpIconName, Icon> = {
  rocket: IconRocket,
  kanban: IconLayoutKanban,
  target: IconTarget,
  checklist: IconListCheck,
  calendar: IconCalendar,
  meeting: IconCalendarUser,
  users: IconUsers,
  billing: IconCreditCard,
  account: IconUserCircle,
  shield: IconShieldLock,
};

/** A category's icon in a tinted square; decorative, the category's title says what it is. */
export function HelpIcon({ name, size = 'lg' }: { name: HelpIconName; size?: 'md' | 'lg' | 'xl' }) {
  const Drawing = drawings[name];
  return (
    <ThemeIcon variant="light" size={size} radius="md" aria-hidden>
      <Drawing size={size === 'xl' ? 24 : 18} stroke={1.75} />
    </ThemeIcon>
  );
}
