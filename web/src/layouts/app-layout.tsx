/**
 * The layout of signed-in pages: vertical (side menu, collapsible) or horizontal (top menu), with
 * the navbar, footer, customizer and scroll-to-top, all as the customizer says (D27).
 */
import { Anchor, Container, Group, NavLink, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { ScrollToTop } from '../components/scroll-to-top';
import { AbilityContext, useAbility } from '../lib/ability-context';
import { abilityFor, canOpen } from '../lib/ability';
import { useLayoutSettings } from '../lib/layout-settings';
import { WithQueries } from '../lib/query-client';
import { useSessionUser } from '../lib/session';
import { useLive } from '../lib/use-live';
import classes from './app-layout.module.css';
import { Customizer } from './customizer';
import { Footer } from './footer';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { menuBadges, menuIcons, type Menus } from './menu';
import { Navbar } from './navbar';
import { TimeZoneBanner } from './time-zone-banner';

const navbarColors = {
  default: undefined,
  primary: 'violet',
  success: 'green',
  info: 'cyan',
  warning: 'orange',
  danger: 'red',
  dark: 'dark',
} as const;

/**
 * The route's component: the layout with the query client and the user's ability (CASL), which
 * load with it rather than with the entry (/login needs neither; bench/bundle-size.ts). The menus
 * come from the router, which reads them where the pages are declared.
 */
export function AppLayoutRoute({ menus }: { menus: Menus }) {
  const user = useSessionUser();
  const ability = useMemo(() => abilityFor(user), [user]);
  return (
    <WithQueries>
      <AbilityContext.Provider value={ability}>
        <AppLayout menus={menus} />
      </AbilityContext.Provider>
    </WithQueries>
  );
}

export function AppLayout({ menus }: { menus: Menus }) {
  const { t } = useTranslation();
  const settings = useLayoutSettings();
  const ability = useAbility();
  const location = useLocation();
  const [menuOpened, menu] = useDisclosure(false);
  const [customizerOpened, customizer] = useDisclosure(false);
  useLive();
  const items = menus.main.filter((item) => canOpen(ability, item.access));
  const vertical = settings.layout === 'vertical';
  const collapsed = vertical && settings.menuCollapsed;
  const navbarColor = navbarColors[settings.navbarColor];

  const brand = (
    <Anchor component={Link} to="/" underline="never" fw={800} fz="lg" c="violet">
      {collapsed ? 'C' : 'Cadence'}
    </Anchor>
  );
  const links = items.map((item) => {
    const label = t(item.labelKey);
    const ItemIcon = menuIcons[item.icon];
    const Badge = item.badge && menuBadges[item.badge];
    const link = (
      <NavLink
        key={item.to}
        component={RouterNavLink}
        to={item.to}
        label={collapsed ? undefined : label}
        aria-label={collapsed ? label : undefined}
        leftSection={<ItemIcon size={20} stroke={1.6} />}
        rightSection={Badge && !collapsed ? <Badge /> : undefined}
        active={location.pathname.startsWith(item.to)}
        onClick={menu.close}
        w={vertical ? undefined : 'auto'}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    );
    return collapsed ? (
      <Tooltip key={item.to} label={label} position="right">
        <div>{link}</div>
      </Tooltip>
    ) : (
      link
    );
  });

  return (
    <div
      className={classes.shell}
      data-testid="app-shell"
      data-layout={settings.layout}
      data-menu-collapsed={collapsed}
      data-content-width={settings.contentWidth}
    >
      {/* The first stop of the Tab key (D48). */}
      <a className={classes.skipLink} href="#main-content">
        {t('navbar.skipToContent')}
      </a>
      <KeyboardShortcuts />
      {vertical && !settings.menuHidden && (
        <nav className={classes.sideMenu} data-opened={menuOpened} aria-label={t('menu.label')}>
          <Stack gap="xs">
            <Group px="xs" pb="sm">
              {brand}
            </Group>
            {links}
          </Stack>
        </nav>
      )}
      <div className={classes.main}>
        {settings.navbarType !== 'hidden' && (
          <header
            className={classes.header}
            data-type={settings.navbarType}
            data-colored={navbarColor !== undefined}
            style={navbarColor ? { background: `var(--mantine-color-${navbarColor}-filled)` } : undefined}
          >
            <Navbar
              accountMenu={menus.account}
              onToggleMenu={vertical && !settings.menuHidden ? menu.toggle : undefined}
              menuOpened={menuOpened}
              onOpenCustomizer={customizer.open}
              start={vertical ? undefined : brand}
            />
          </header>
        )}
        {!vertical && !settings.menuHidden && (
          <nav className={classes.topMenu} aria-label={t('menu.label')}>
            <Group gap="xs">{links}</Group>
          </nav>
        )}
        <main className={classes.content} id="main-content" tabIndex={-1}>
          <Container
            size={settings.contentWidth === 'boxed' ? 'lg' : undefined}
            fluid={settings.contentWidth === 'full'}
            px={0}
            data-testid="content"
          >
            <TimeZoneBanner />
            <Outlet />
          </Container>
        </main>
        {settings.footerType !== 'hidden' && (
          <footer className={classes.footer} data-type={settings.footerType}>
            <Footer />
          </footer>
        )}
      </div>
      <Customizer opened={customizerOpened} onClose={customizer.close} />
      <ScrollToTop />
    </div>
  );
}
