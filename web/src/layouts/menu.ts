/** The menu: only pages that exist, each shown when the user's ability opens it. */
import { IconChartPie, IconShieldLock, type Icon } from '@tabler/icons-react';
import type { RouteAccess } from '../lib/ability';

export interface MenuItem {
  labelKey: string;
  to: string;
  icon: Icon;
  access: RouteAccess;
}

export const menuItems: MenuItem[] = [
  { labelKey: 'menu.analytics', to: '/dashboard/analytics', icon: IconChartPie, access: { resource: 'App' } },
  {
    labelKey: 'menu.accessControl',
    to: '/access-control',
    icon: IconShieldLock,
    access: { resource: 'ACL' },
  },
];
