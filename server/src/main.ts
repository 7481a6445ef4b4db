/** Starts the server: reads the configuration, builds the app, listens, and shuts down gracefully. */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** How long requests in flight may take to finish once the server is stopping. */
const DRAIN_MS = 8_000;
/** How long the whole stop may take before the process exits regardless. */
const GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  // SIGTERM (or SIGINT, or an uncaught error): stop accepting connections, end the live streams
  // with a retry hint, let the reminders finish their tick, finish the requests in flight (at
  // most DRAIN_MS, then their connections are cut), then close Redis, the mailer and the
  // database. Whatever is still running after GRACE_MS is abandoned: the process exits.
  closeWithGrace({ delay: GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    const cut = setTimeout(() => {
      app.log.warn(`requests still running after ${DRAIN_MS} ms: their connections are closed`);
      app.server.closeAllConnections();
    }, DRAIN_MS);
    cut.unref();
    try {
      await app.close();
    } finally {
      clearTimeout(cut);
    }
    app.log.info('stopped');
  });
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
