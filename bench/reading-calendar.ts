/**
 * A CalendarService for benches that only read (range reads, busy times) on their own connection:
 * whatever would write a reminder or a mail refuses, since a read needs neither.
 */
import type { Config } from '../server/src/config';
import type { Db, DatabaseHandle } from '../server/src/db';
import type { MailOutbox } from '../server/src/lib/outbox';
import { CalendarService } from '../server/src/modules/calendar/service';
import type { RemindersService } from '../server/src/modules/notifications/reminders';

const refuse = () => Promise.reject(new Error('the bench only reads'));

export function readingCalendar(handle: DatabaseHandle, db: Db = handle.db): CalendarService {
  return new CalendarService({
    db,
    engine: handle.engine,
    reminders: { syncEvent: refuse } as unknown as RemindersService,
    notices: { mailWanted: refuse, tell: refuse },
    outbox: { enqueue: refuse, kick: () => undefined } as unknown as MailOutbox,
    config: { PUBLIC_URL: 'http://localhost' } as Config,
    live: {
      publish: () => {
        throw new Error('the bench only reads');
      },
    },
  });
}
