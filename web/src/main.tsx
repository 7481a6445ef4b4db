/** Entry point: languages first, then the providers and the router. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter, loadAbility, preloadPage } from './app/router';
import { api, setSessionEndedHandler } from './lib/api-client';
import { initI18n, preloadLocaleFiles } from './lib/i18n';
import { followAccountLanguage, preferAccountLanguage } from './lib/language-sync';
import { session } from './lib/session';

// A signed-in visit needs the ability (CASL) for its route's guard and the loaders of its pages'
// strings: both asked for at once, beside the route's chunks, rather than when first used.
if (session.user()) {
  void loadAbility();
  void preloadLocaleFiles();
  preloadPage(window.location);
}
// Languages first, then the router and the first render. Not a top-level await: the chunks the
// language resources load import this entry chunk (`shell`, vite.config.ts), and would wait for
// its evaluation to end while it waited for them.
async function start(): Promise<void> {
  preferAccountLanguage();
  await initI18n();
  followAccountLanguage();
  const router = createRouter();
  setSessionEndedHandler(() => {
    // The query client is loaded once a signed-in page was shown; /login has none.
    void import('./lib/query-client').then(({ queryClient }) => queryClient.clear());
    void router.navigate('/login', { replace: true });
  });
  // A handle for support and for the browser tests: `await cadence.api.get('/jwt/me')` in the console.
  Object.assign(window, { cadence: { api } });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
