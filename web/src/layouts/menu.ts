/** The menu: only pages that exist, each shown when the user's ability opens it. */
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
  IconTarget,
  IconUserCircle,
  IconShieldLock,
  IconTags,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { ChatUnseenBadge } from '../components/chat-unseen-badge';
import { FriendRequestsBadge } from '../components/friend-requests-badge';
import { TodoDueBadge } from '../components/todo-due-badge';
import type { RouteAccess } from '../lib/ability';

export interface MenuItem {
  labelKey: string;
  to: string;
  icon: Icon;
  access: RouteAccess;
  /** Shown at the end of the entry, e.g. a count of things waiting. */
  badge?: ComponentType;
}

export const menuItems: MenuItem[] = [
  { labelKey: 'menu.analytics', to: '/dashboard/analytics', icon: IconChartPie, access: { resource: 'App' } },
  { labelKey: 'menu.projects', to: '/apps/projects', icon: IconLayoutKanban, access: { resource: 'App' } },
  { labelKey: 'menu.goals', to: '/apps/objectifs', icon: IconTarget, access: { resource: 'App' } },
  {
    labelKey: 'menu.todo',
    to: '/apps/todo',
    icon: IconListCheck,
    access: { resource: 'App' },
    badge: TodoDueBadge,
  },
  { labelKey: 'menu.calendar', to: '/apps/calendar', icon: IconCalendar, access: { resource: 'App' } },
  { labelKey: 'menu.meetings', to: '/apps/meetings', icon: IconCalendarUser, access: { resource: 'App' } },
  { labelKey: 'menu.booking', to: '/apps/booking', icon: IconCalendarShare, access: { resource: 'App' } },
  {
    labelKey: 'menu.chat',
    to: '/apps/chat',
    icon: IconMessages,
    access: { resource: 'App' },
    badge: ChatUnseenBadge,
  },
  { labelKey: 'menu.tags', to: '/apps/tags', icon: IconTags, access: { resource: 'App' } },
  { labelKey: 'menu.friends', to: '/friends', icon: IconUsers, access: { resource: 'App' } },
  {
    labelKey: 'menu.requests',
    to: '/apps/requests',
    icon: IconUserPlus,
    access: { resource: 'App' },
    badge: FriendRequestsBadge,
  },
  { labelKey: 'menu.groups', to: '/group', icon: IconUsersGroup, access: { resource: 'App' } },
  { labelKey: 'menu.users', to: '/apps/users/list', icon: IconAddressBook, access: { resource: 'App' } },
  { labelKey: 'menu.profile', to: '/pages/profile', icon: IconUserCircle, access: { resource: 'App' } },
  {
    labelKey: 'menu.accountSettings',
    to: '/pages/account-setting',
    icon: IconSettings,
    access: { resource: 'App' },
  },
  { labelKey: 'menu.pricing', to: '/pages/pricing', icon: IconCreditCard, access: { resource: 'App' } },
  { labelKey: 'menu.faq', to: '/pages/faq', icon: IconHelpCircle, access: { resource: 'App' } },
  {
    labelKey: 'menu.knowledgeBase',
    to: '/pages/knowledge-base',
    icon: IconBook,
    access: { resource: 'App' },
  },
  {
    labelKey: 'menu.accessControl',
    to: '/access-control',
    icon: IconShieldLock,
    access: { resource: 'ACL' },
  },
];
