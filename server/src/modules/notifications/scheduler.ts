/**
 * The reminders' clock, inside the server process: every REMINDERS_EVERY it fires the due
 * reminders, sends any mail left pending and delivers the outbox's due mail (retries included). It starts when the app is ready (so a reminder that
 * came due while the server was down fires at once) and stops, finishing its tick, before the database closes.
 * Several instances may run it on one database: RemindersService claims each row once.
 */
import type { FastifyInstance } from 'fastify';
import type { MailOutbox } from '../../lib/outbox';
import type { RemindersService } from './reminders';

export function scheduleReminders(
  app: FastifyInstance,
  reminders: RemindersService,
  outbox: MailOutbox,
  everyMs: number,
  onFired: (count: number) => void = () => undefined,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = async () => {
    try {
      const written = await reminders.fireDue();
      await reminders.sendPendingMail();
      await outbox.deliver();
      if (written > 0) {
        app.log.info({ notifications: written }, 'reminders fired');
        onFired(written);
      }
    } catch (error) {
      app.log.error({ err: error }, 'the reminders could not run');
    }
  };
  const loop = () => {
    if (stopped) return;
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, everyMs);
    });
  };

  app.addHook('onReady', (done) => {
    loop();
    done();
  });
  // preClose runs before the onClose hooks that close the database and the mailer.
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
