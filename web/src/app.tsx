/** Until the shell lands: the product's name and whether its API answers. */
import { type Health } from '@cadence/contract';
import { useEffect, useState } from 'react';

type ApiState = { kind: 'checking' } | { kind: 'up'; health: Health } | { kind: 'down' };

export function App() {
  const [api, setApi] = useState<ApiState>({ kind: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/health', { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        setApi({ kind: 'up', health: (await response.json()) as Health });
      })
      .catch(() => {
        if (!controller.signal.aborted) setApi({ kind: 'down' });
      });
    return () => controller.abort();
  }, []);

  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}
    >
      <h1>Cadence</h1>
      <p>Time and work management for individuals and small teams.</p>
      <p role="status">
        {api.kind === 'checking' && 'Checking the server…'}
        {api.kind === 'up' && `Server ready (${api.health.database}).`}
        {api.kind === 'down' && 'The server does not answer.'}
      </p>
    </main>
  );
}
