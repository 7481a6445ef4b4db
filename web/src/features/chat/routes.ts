/**
 * The chat's two addresses, one page (D37): /apps/chat in the app layout, with the menu entry, and
 * /chat alone on the screen; `?id=` is the chat open. The page's code is in lazy-pages.ts.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/apps/chat',
    page: 'chat',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['chat'],
    menu: [{ section: 'main', labelKey: 'menu.chat', icon: 'messages', order: 80, badge: 'chatUnseen' }],
  },
  { path: '/chat', page: 'chat', access: { resource: 'App' }, layout: 'full', namespaces: ['chat'] },
];
