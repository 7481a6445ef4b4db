/// <reference types="vite/client" />

/** vite.config.ts aliases it to @mantine/notifications' store module alone. */
declare module 'mantine-notifications-store' {
  export { notificationsStore } from '@mantine/notifications';
}
