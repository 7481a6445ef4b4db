/** Every migration, in order. Names sort; a new one is added at the end and never edited after. */
import type { Migration } from 'kysely';
import type { Engine } from '../dialect';
import { initial } from './0001-initial';
import { peopleProfile } from './0002-people-profile';
import { tagsTable } from './0003-tags';
import { friendsGroups } from './0004-friends-groups';
import { projects } from './0005-projects';
import { goals } from './0006-goals';
import { todos } from './0007-todos';
import { calendar } from './0008-calendar';
import { workingHours } from './0009-working-hours';
import { meetings } from './0010-meetings';
import { billing } from './0011-billing';
import { billingCheckout } from './0012-billing-checkout';
import { todoCompletedAt } from './0013-todo-completed-at';
import { chat } from './0014-chat';
import { boardCards } from './0015-board-cards';
import { calendarBounds } from './0016-calendar-bounds';
import { eventExceptions } from './0017-event-exceptions';
import { mailOutbox } from './0018-mail-outbox';
import { signInProtection } from './0019-sign-in-protection';
import { sharedWorkMail } from './0020-shared-work-mail';
import { caldav } from './0021-caldav';
import { booking } from './0022-booking';
import { davObjects } from './0023-dav-objects';
import { appPasswordFailures } from './0024-app-password-failures';
import { mailPriority } from './0025-mail-priority';
import { cardMemberMail } from './0026-card-member-mail';

export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001-initial': initial(engine),
    '0002-people-profile': peopleProfile(engine),
    '0003-tags': tagsTable(engine),
    '0004-friends-groups': friendsGroups(engine),
    '0005-projects': projects(engine),
    '0006-goals': goals(engine),
    '0007-todos': todos(engine),
    '0008-calendar': calendar(engine),
    '0009-working-hours': workingHours(),
    '0010-meetings': meetings(engine),
    '0011-billing': billing(engine),
    '0012-billing-checkout': billingCheckout(),
    '0013-todo-completed-at': todoCompletedAt(engine),
    '0014-chat': chat(engine),
    '0015-board-cards': boardCards(engine),
    '0016-calendar-bounds': calendarBounds(engine),
    '0017-event-exceptions': eventExceptions(engine),
    '0018-mail-outbox': mailOutbox(engine),
    '0019-sign-in-protection': signInProtection(engine),
    '0020-shared-work-mail': sharedWorkMail(engine),
    '0021-caldav': caldav(engine),
    '0022-booking': booking(engine),
    '0023-dav-objects': davObjects(engine),
    '0024-app-password-failures': appPasswordFailures(engine),
    '0025-mail-priority': mailPriority(engine),
    '0026-card-member-mail': cardMemberMail(engine),
  };
}
