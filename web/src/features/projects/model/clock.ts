/**
 * The time, to the minute, for what depends on it (a card overdue or due soon, the due filters):
 * one timer however many cards and badges read it.
 */
import { useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;
const thisMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
const clockListeners = new Set<() => void>();
let clockNow = thisMinute();
let clockTimer: ReturnType<typeof setInterval> | undefined;

function subscribeClock(listener: () => void) {
  clockListeners.add(listener);
  if (clockListeners.size === 1) {
    clockNow = thisMinute();
    // Checked four times a minute, so a new minute is seen within 15 s of its start.
    clockTimer = setInterval(() => {
      if (thisMinute() === clockNow) return;
      clockNow = thisMinute();
      clockListeners.forEach((notify) => notify());
    }, MINUTE_MS / 4);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) clearInterval(clockTimer);
  };
}

/**
 * The time, to the minute, for what depends on it (overdue, due soon): one timer however many
 * cards and badges read it, and a re-render once a minute at most.
 */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribeClock, () => (clockListeners.size > 0 ? clockNow : thisMinute()));
}
