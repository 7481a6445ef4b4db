/**
 * Keeps the live stream (D38) running while a signed-in page that needs it is shown: the app
 * layout, and the pages of the full layout that show live things. The stream's code loads after
 * the page, in its own chunk.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionUser } from './session';

export function useLive(): void {
  const queryClient = useQueryClient();
  const userId = useSessionUser()?._id;
  useEffect(() => {
    if (!userId) return;
    let release: (() => void) | undefined;
    let cancelled = false;
    void import('./live-connection').then(({ holdLive }) => {
      if (!cancelled) release = holdLive(queryClient);
    });
    return () => {
      cancelled = true;
      release?.();
    };
  }, [userId, queryClient]);
}
