/**
 * React 18+ has `useSyncExternalStore`: react-i18next's import of the shim package resolves here
 * (vite.config.ts), which saves the shim's fallback code on every page, /login included.
 */
export { useSyncExternalStore } from 'react';
