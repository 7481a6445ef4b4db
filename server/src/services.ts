/**
 * Builds every service once, in one place, from the shared parts of the process. Route modules
 * receive them through the AppContext; nothing else constructs a service.
 */
import type { ServiceDeps } from './deps';
import { AccountService } from './modules/account/service';
import { AppPasswordsService } from './modules/auth/app-passwords';
import { AuthService } from './modules/auth/service';
import { CalendarFeedService } from './modules/calendar/feed';
import { BookingEntries } from './modules/calendar/booking-entries';
import { CalendarBusyTimes } from './modules/calendar/busy-times';
import { DavEvents } from './modules/calendar/dav-events';
import type { GuestNotices } from './modules/calendar/event-writes';
import { CalendarImport } from './modules/calendar/import';
import { CalendarReads } from './modules/calendar/range';
import { CalendarService } from './modules/calendar/service';
import { DashboardService } from './modules/dashboard/service';
import { DavCollections } from './modules/dav/collections';
import { DeviceCalendarsService } from './modules/account/device-calendars';
import { FriendsService } from './modules/friends/service';
import { GoalsService } from './modules/goals/service';
import { GroupsService } from './modules/groups/service';
import { BillingService } from './modules/billing/service';
import { CheckoutService } from './modules/billing/checkout';
import { helpContentDir } from './content-dir';
import { HelpService } from './modules/help/service';
import { MeetingsService } from './modules/meetings/service';
import { InvitationsService } from './modules/meetings/invitations';
import { BookingService } from './modules/booking/service';
import { BookingTypesService } from './modules/booking/booking-types';
import { PublicTimesService } from './modules/booking/public-times';
import { AvailabilityService } from './modules/availability/service';
import { WorkingHoursService } from './modules/availability/working-hours';
import { NotificationsService } from './modules/notifications/service';
import { mailWanted, tell } from './modules/notifications/shared-work';
import { type RemindersDeps, RemindersService } from './modules/notifications/reminders';
import { invitationMailsOf } from './modules/meetings/invitation-mail';
import { touchBoardsTagged } from './modules/projects/cards';
import { ProjectsService } from './modules/projects/service';
import { TagsService } from './modules/tags/service';
import { TodosService } from './modules/todos/service';
import { UsersService } from './modules/users/service';
import { YourDataService } from './modules/your-data/service';
import { ChatService } from './modules/chat/service';
import type { LiveHub } from './lib/live';

export interface Services {
  auth: AuthService;
  appPasswords: AppPasswordsService;
  accounts: AccountService;
  users: UsersService;
  friends: FriendsService;
  groups: GroupsService;
  tags: TagsService;
  projects: ProjectsService;
  goals: GoalsService;
  todos: TodosService;
  /** One event read, created, changed or deleted (the calendar's routes, CalDAV's DELETE). */
  calendar: CalendarService;
  /** The range read, kept by the calendar's version. */
  calendarReads: CalendarReads;
  /** An iCalendar file's events written into a calendar. */
  calendarImport: CalendarImport;
  /** The feed's secret address and what the feed is written from. */
  calendarFeeds: CalendarFeedService;
  /** The calendar as CalDAV's backend (D43). */
  davEvents: DavEvents;
  /** The CalDAV collections' members and settings (D43, D49). */
  davCollections: DavCollections;
  /** Their names and colours as Account settings shows them (D49). */
  deviceCalendars: DeviceCalendarsService;
  reminders: RemindersService;
  notifications: NotificationsService;
  workingHours: WorkingHoursService;
  meetings: MeetingsService;
  meetingInvitations: InvitationsService;
  /** The host's booking types (D44). */
  bookingTypes: BookingTypesService;
  /** The public booking page's free times, kept as whole answers. */
  bookingTimes: PublicTimesService;
  /** Bookings: booked, moved and cancelled by the visitor; listed and cancelled by the hosts. */
  booking: BookingService;
  billing: BillingService;
  checkout: CheckoutService;
  help: HelpService;
  dashboard: DashboardService;
  yourData: YourDataService;
  chat: ChatService;
  /** The live streams' hub (D38): the live route attaches streams to it. */
  live: LiveHub;
}

/** The help content is the same files for every app built in a process: read and checked once. */
let loadedHelp: HelpService | undefined;
const helpService = () => (loadedHelp ??= new HelpService(helpContentDir));

/**
 * The reminders, with the meetings' invitation mail for what an older version left to send: the
 * notifications module does not import meetings, which write to the bell through it.
 */
export function buildReminders(
  deps: Omit<RemindersDeps, 'invitationMails'> & Pick<ServiceDeps, 'links'>,
): RemindersService {
  return new RemindersService({
    ...deps,
    invitationMails: (trx, meetingId, userId) =>
      invitationMailsOf({ db: trx, links: deps.links, base: deps.config.PUBLIC_URL }, meetingId, userId),
  });
}

/** D45: the calendar's guests told in the bell (the events' own iTIP mails are the calendar's). */
function guestNotices(deps: ServiceDeps): GuestNotices {
  const parts = { outbox: deps.outbox, base: deps.config.PUBLIC_URL, live: deps.live };
  return {
    mailWanted,
    tell: (trx, notices) => tell(trx, parts, notices, { mail: false }),
  };
}

export function buildServices(deps: ServiceDeps): Services {
  const auth = new AuthService(deps);
  const accounts = new AccountService({ ...deps, auth });
  const reminders = buildReminders(deps);
  // The calendar's parts, each built once for the callers it serves.
  const calendarDeps = { ...deps, reminders, notices: guestNotices(deps) };
  const calendar = new CalendarService(calendarDeps);
  const calendarReads = new CalendarReads(deps);
  const calendarFeeds = new CalendarFeedService(deps);
  const davEvents = new DavEvents(calendarDeps);
  const todos = new TodosService({ ...deps, reminders });
  const friends = new FriendsService(deps);
  // The calendar supplies busy times through availability's port (BusySource).
  const availability = new AvailabilityService({ db: deps.db, busy: new CalendarBusyTimes(deps) });
  const meetingInvitations = new InvitationsService(deps);
  const meetings = new MeetingsService({ ...deps, availability, invitations: meetingInvitations });
  const billing = new BillingService(deps);
  const davCollections = new DavCollections({
    db: deps.db,
    calendar: davEvents,
    feeds: calendarFeeds,
    todos,
  });
  return {
    auth,
    appPasswords: new AppPasswordsService(deps),
    accounts,
    users: new UsersService({ ...deps, auth, accounts }),
    friends,
    groups: new GroupsService(deps),
    tags: new TagsService({ ...deps, boards: { touchTagged: touchBoardsTagged } }),
    projects: new ProjectsService(deps),
    goals: new GoalsService(deps),
    todos,
    calendar,
    calendarReads,
    calendarImport: new CalendarImport(calendarDeps),
    calendarFeeds,
    davEvents,
    davCollections,
    deviceCalendars: new DeviceCalendarsService({ davCollections }),
    reminders,
    notifications: new NotificationsService(deps),
    workingHours: new WorkingHoursService(deps),
    meetings,
    meetingInvitations,
    bookingTypes: new BookingTypesService(deps),
    bookingTimes: new PublicTimesService({ ...deps, availability }),
    booking: new BookingService({ ...deps, calendar: new BookingEntries(calendarDeps), availability }),
    billing,
    checkout: new CheckoutService({ ...deps, billing }),
    help: helpService(),
    dashboard: new DashboardService({ ...deps, todos, calendar: calendarReads, friends, meetingInvitations }),
    yourData: new YourDataService({ ...deps, auth }),
    chat: new ChatService(deps),
    live: deps.live,
  };
}
