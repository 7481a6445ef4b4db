/**
 * Everything around the router: theme and skin, direction, toasts. Server state (TanStack Query,
 * `lib/query-client.tsx`) and the ability (CASL) come with the pages that use them, after sign-in:
 * /login loads neither (bench/bundle-size.ts).
 */
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLayoutSettings } from '../lib/layout-settings';
import { notificationsStore } from 'mantine-notifications-store';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, localizedTheme } from './theme';

// The toast container (with its transitions and portal, ~14 KB) loads with the first toast: pages
// write to the (tiny) store, and the container shows what the store holds once it mounts.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

let toastShown = false;
const subscribe = (onChange: () => void) => notificationsStore.subscribe(onChange);
const anyToast = () => (toastShown ||= notificationsStore.getState().notifications.length > 0);

function Toasts({ rtl }: { rtl: boolean }) {
  const needed = useSyncExternalStore(subscribe, anyToast, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position={rtl ? 'top-left' : 'top-right'} />
    </Suspense>
  );
}

/** Toasts close after 3000 ms (D28). */
export const TOAST_AUTO_CLOSE_MS = 3000;

/** Keeps Mantine's direction in step with the customizer's RTL switch. */
function DirectionSync() {
  const { rtl } = useLayoutSettings();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(rtl ? 'rtl' : 'ltr'), [rtl, setDirection]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const settings = useLayoutSettings();
  const { t } = useTranslation();
  const theme = useMemo(() => localizedTheme(t('common.showPassword')), [t]);
  return (
    <DirectionProvider initialDirection={settings.rtl ? 'rtl' : 'ltr'} detectDirection={false}>
      <DirectionSync />
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme={settings.skin}
      >
        <Toasts rtl={settings.rtl} />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
