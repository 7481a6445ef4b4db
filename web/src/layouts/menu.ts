/**
 * How the menus draw an entry: its icon and its badge, by the names a feature's `routes.ts` gives
 * them (lib/feature-routes.ts). The entries themselves are declared with their pages and composed
 * by app/route-table.ts; the declarations name icons rather than import them because they are in
 * the entry chunk, which /login loads, and the icons belong with the layout.
 */
import {
  IconAddressBook,
  IconBook,
  IconCalendar,
  IconCalendarShare,
  IconCalendarUser,
  IconChartPie,
  IconCreditCard,
  IconHelpCircle,
  IconLayoutKanban,
  IconListCheck,
  IconMessages,
  IconSettings,
  IconShieldLock,
  IconTags,
  IconTarget,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { ChatUnseenBadge } from '../components/chat-unseen-badge';
import { FriendRequestsBadge } from '../components/friend-requests-badge';
import { TodoDueBadge } from '../components/todo-due-badge';
import type { MenuBadge, MenuIcon, MenuLink, MenuSection } from '../lib/feature-routes';

export const menuIcons: Record<MenuIcon, Icon> = {
  addressBook: IconAddressBook,
  book: IconBook,
  calendar: IconCalendar,
  calendarShare: IconCalendarShare,
  calendarUser: IconCalendarUser,
  chartPie: IconChartPie,
  creditCard: IconCreditCard,
  helpCircle: IconHelpCircle,
  layoutKanban: IconLayoutKanban,
  listCheck: IconListCheck,
  messages: IconMessages,
  settings: IconSettings,
  shieldLock: IconShieldLock,
  tags: IconTags,
  target: IconTarget,
  userCircle: IconUserCircle,
  userPlus: IconUserPlus,
  users: IconUsers,
  usersGroup: IconUsersGroup,
};

/** A count shown at the end of an entry, e.g. of things waiting. */
export const menuBadges: Record<MenuBadge, ComponentType> = {
  chatUnseen: ChatUnseenBadge,
  friendRequests: FriendRequestsBadge,
  todoDue: TodoDueBadge,
};

/** Each menu's links, in order: what the router gives the app layout. */
export type Menus = Record<MenuSection, MenuLink[]>;
