import { ActionIcon, Avatar, Burger, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageMenu } from '../components/language-menu';
import { SkinToggle } from '../components/skin-toggle';
import { canOpen } from '../lib/ability';
import { useAbility } from '../lib/ability-context';
import { logout } from '../lib/auth';
import type { MenuLink } from '../lib/feature-routes';
import { loadNamespaces } from '../lib/i18n';
import { useSessionUser } from '../lib/session';
import { menuIcons } from './menu';

/** The bell and its strings load after the page: they are not needed to show it. */
const NotificationsBell = lazy(async () => {
  const [module] = await Promise.all([
    import('../components/notifications-bell'),
    loadNamespaces(['notifications']),
  ]);
  return { default: module.NotificationsBell };
});

/** The trial's days left (D25): its code, call and strings come after the page, in their own chunk. */
const TrialBadge = lazy(async () => {
  const [module] = await Promise.all([import('../components/trial-badge'), loadNamespaces(['pricing'])]);
  return { default: module.TrialBadge };
});

interface NavbarProps {
  onToggleMenu?: () => void;
  menuOpened?: boolean;
  onOpenCustomizer: () => void;
  /** The horizontal layout puts the brand and the menu here. */
  start?: ReactNode;
  /** The account menu's links (profile, settings…), offered above "Log out" to whom may open them. */
  accountMenu: MenuLink[];
}

export function Navbar({
  onToggleMenu,
  menuOpened = false,
  onOpenCustomizer,
  start,
  accountMenu,
}: NavbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const ability = useAbility();
  // An account whose role opens no app page (a client, D6) is offered none of the account menu's
  // links, and no trial badge, which leads to pricing.
  const accountLinks = accountMenu.filter((link) => canOpen(ability, link.access));
  const opensApp = canOpen(ability, { resource: 'App' });

  const signOut = async () => {
    await logout();
    queryClient.clear();
    await navigate('/login', { replace: true });
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {onToggleMenu && (
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('navbar.toggleMenu')}
          />
        )}
        {start}
      </Group>
      <Group gap={4} wrap="nowrap">
        {user && opensApp && (
          <Suspense fallback={null}>
            <TrialBadge />
          </Suspense>
        )}
        <LanguageMenu />
        <SkinToggle />
        {user && (
          <Suspense fallback={null}>
            <NotificationsBell />
          </Suspense>
        )}
        <Tooltip label={t('customizer.title')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('customizer.open')}
            onClick={onOpenCustomizer}
          >
            <IconSettings size={20} />
          </ActionIcon>
        </Tooltip>
        {user && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <UnstyledButton aria-label={`${t('navbar.userMenu')}: ${user.fullName}`} ps="xs">
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={user.avatar} radius="xl" size="sm" color="violet" alt="" />
                  <Text size="sm" fw={500} visibleFrom="sm">
                    {user.fullName}
                  </Text>
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{user.email}</Menu.Label>
              {accountLinks.length > 0 && (
                <>
                  {accountLinks.map((link) => {
                    const LinkIcon = menuIcons[link.icon];
                    return (
                      <Menu.Item
                        key={link.to}
                        component={Link}
                        to={link.to}
                        leftSection={<LinkIcon size={16} />}
                      >
                        {t(link.labelKey)}
                      </Menu.Item>
                    );
                  })}
                  <Menu.Divider />
                </>
              )}
              <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
                {t('navbar.logout')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Group>
  );
}
