/** Entry point: languages first, then the providers and the router. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { createRouter } from './app/router';
import { api, setSessionEndedHandler } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { followAccountLanguage, preferAccountLanguage } from './lib/language-sync';

preferAccountLanguage();
await initI18n();
followAccountLanguage();
const router = createRouter();
setSessionEndedHandler(() => {
  queryClient.clear();
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
