/**
 * "Your data": everything a user owns as one JSON file, and deleting the account after
 * the password is confirmed. The file's `format` names its version; fields are only ever added.
 */
import { z } from 'zod';
import { account } from './account';
import { bookingModes, bookingStatuses } from './booking';
import { workingInterval } from './meetings';
import { itemActivity } from './projects';
import { yourDataMessages } from './your-data-messages';

export const EXPORT_FORMAT = 'cadence-export/1';

export const deleteAccountInput = z
  .strictObject({
    password: z
      .string({ error: yourDataMessages['account.passwordRequired'] })
      .min(1, yourDataMessages['account.passwordRequired'])
      .max(1024),
  })
  .meta({ id: 'DeleteAccountInput' });
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** Another person as the file names them: never their e-mail (D12). */
const person = z.object({ _id: z.string(), username: z.string(), fullName: z.string() });
/** A built-in tag by name, or one of the user's tags by id. */
const tagRef = z.object({
  position: z.number(),
  builtIn: z.string().nullable(),
  tagId: z.string().nullable(),
});

/** A tag on a card: a built-in, or someone's own tag by id, with the name and colour it shows. */
const cardTag = tagRef.extend({ name: z.string(), color: z.string() });
/** A comment and a history line as the export carries them, wherever they stand. */
const commentFields = { _id: z.string(), text: z.string(), createdAt: z.string(), updatedAt: z.string() };
const activityFields = {
  _id: z.string(),
  kind: z.string(),
  detail: itemActivity.shape.detail,
  createdAt: z.string(),
};

const checklistEntry = z.object({
  _id: z.string(),
  text: z.string(),
  done: z.boolean(),
  createdAt: z.string(),
});
const boardItem = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  checklist: z.array(checklistEntry),
  tags: z.array(cardTag),
  /** An ISO 8601 UTC instant, or null. */
  dueAt: z.string().nullable(),
  dueComplete: z.boolean(),
  archived: z.boolean(),
  /** The card's members (the board's owner or members). */
  members: z.array(person),
  /** Every comment on the card, whoever wrote it, oldest first. */
  comments: z.array(z.object({ ...commentFields, author: person })),
  /** The card's history, whoever did each thing, oldest first; `detail` holds names as they were. */
  activity: z.array(z.object({ ...activityFields, actor: person })),
});
/** A card on someone else's board. */
const cardPlace = z.object({
  boardId: z.string(),
  boardName: z.string().nullable(),
  itemId: z.string(),
  itemName: z.string().nullable(),
});

const boardList = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.string(),
  headerColor: z.string(),
  position: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(boardItem),
});

export const yourDataExport = z
  .object({
    exportedAt: z.string(),
    format: z.literal(EXPORT_FORMAT),
    account: account.extend({
      /** The picture as a data: URL, or null. */
      picture: z.object({ dataUrl: z.string(), updatedAt: z.string() }).nullable(),
      active: z.boolean(),
      updatedAt: z.string(),
      /** The calendar feed's address is a secret kept hashed: only that one exists, and since when. */
      calendarFeed: z.object({ createdAt: z.string() }).nullable(),
    }),
    /** Sign-ins (one row per refresh of a session) and password-reset requests, without their tokens. */
    security: z.object({
      sessions: z.array(
        z.object({
          createdAt: z.string(),
          expiresAt: z.string(),
          usedAt: z.string().nullable(),
          revokedAt: z.string().nullable(),
        }),
      ),
      passwordResets: z.array(
        z.object({ createdAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable() }),
      ),
      failedSignIns: z.array(z.object({ at: z.string() })),
      failedAppPasswordSignIns: z.array(z.object({ at: z.string() })),
      appPasswords: z
        .array(z.object({ name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }))
        .describe('The CalDAV app passwords (D43), never their secrets'),
    }),
    friends: z.array(z.object({ user: person, since: z.string() })),
    friendRequests: z.object({
      sent: z.array(z.object({ _id: z.string(), to: person, createdAt: z.string() })),
      received: z.array(z.object({ _id: z.string(), from: person, createdAt: z.string() })),
    }),
    groups: z.object({
      owned: z.array(
        z.object({
          _id: z.string(),
          name: z.string(),
          createdAt: z.string(),
          updatedAt: z.string(),
          members: z.array(person),
        }),
      ),
      memberOf: z.array(z.object({ _id: z.string(), name: z.string(), owner: person })),
    }),
    tags: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        color: z.string(),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    boards: z.object({
      owned: z.array(
        z.object({
          _id: z.string(),
          name: z.string(),
          description: z.string(),
          status: z.string(),
          createdAt: z.string(),
          updatedAt: z.string(),
          members: z.array(person),
          lists: z.array(boardList),
        }),
      ),
      memberOf: z.array(z.object({ _id: z.string(), name: z.string(), owner: person })),
      /**
       * What the user left on other people's boards: the cards they are a member of, their
       * comments, and the history lines of what they did. `boardName` and `itemName` are null on
       * a board they are no longer on.
       */
      cardMemberships: z.array(cardPlace),
      comments: z.array(z.object({ ...commentFields, ...cardPlace.shape })),
      activity: z.array(z.object({ ...activityFields, ...cardPlace.shape })),
    }),
    goals: z.array(
      z.object({
        _id: z.string(),
        title: z.string(),
        description: z.string(),
        startDate: z.string(),
        endDate: z.string(),
        timeline: z.string(),
        time: z.string(),
        dedicatedHours: z.number(),
        isDone: z.boolean(),
        isProgress: z.boolean(),
        isDeleted: z.boolean(),
        deletedAt: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
        tags: z.array(tagRef),
        subGoals: z.array(
          z.object({
            _id: z.string(),
            title: z.string(),
            position: z.number(),
            tasks: z.array(
              z.object({
                _id: z.string(),
                text: z.string(),
                done: z.boolean(),
                percentage: z.number(),
                position: z.number(),
              }),
            ),
          }),
        ),
      }),
    ),
    todos: z.object({
      owned: z.array(
        z.object({
          _id: z.string(),
          title: z.string(),
          description: z.string(),
          dueDate: z.string().nullable(),
          isImportant: z.boolean(),
          isCompleted: z.boolean(),
          isDeleted: z.boolean(),
          repeatEvery: z.number().nullable(),
          repeatUnit: z.string().nullable(),
          completedAt: z.string().nullable(),
          deletedAt: z.string().nullable(),
          createdAt: z.string(),
          updatedAt: z.string(),
          assignees: z.array(person),
          tags: z.array(tagRef),
        }),
      ),
      assignedToMe: z.array(z.object({ _id: z.string(), title: z.string(), owner: person })),
    }),
    events: z.object({
      owned: z.array(
        z.object({
          _id: z.string(),
          title: z.string(),
          description: z.string(),
          url: z.string(),
          location: z.string(),
          category: z.string(),
          allDay: z.boolean(),
          start: z.string(),
          end: z.string(),
          timeZone: z.string(),
          recurrence: z.string().nullable(),
          reminder: z.number().nullable(),
          uid: z.string(),
          createdAt: z.string(),
          updatedAt: z.string(),
          guests: z.array(person),
          /** Occurrences changed, cancelled or added one by one (D39), by their original start. */
          exceptions: z.array(
            z.object({
              occurrence: z.string(),
              kind: z.enum(['override', 'exclusion', 'addition']),
              title: z.string().nullable(),
              description: z.string().nullable(),
              url: z.string().nullable(),
              location: z.string().nullable(),
              category: z.string().nullable(),
              allDay: z.boolean().nullable(),
              start: z.string().nullable(),
              end: z.string().nullable(),
              reminder: z.number().nullable(),
            }),
          ),
        }),
      ),
      guestOf: z.array(
        z.object({ _id: z.string(), title: z.string(), start: z.string(), end: z.string(), owner: person }),
      ),
    }),
    /** What shows on the user's calendar (their events, those they are a guest of, their meetings). */
    calendarEntries: z.array(
      z.object({ kind: z.string(), sourceId: z.string(), start: z.string(), end: z.string() }),
    ),
    meetings: z.object({
      organised: z.array(
        z.object({
          _id: z.string(),
          name: z.string(),
          description: z.string(),
          duration: z.number(),
          startDate: z.string(),
          endDate: z.string(),
          link: z.string(),
          time: z.string().nullable(),
          step: z.number(),
          timeZone: z.string(),
          state: z.string(),
          completed: z.boolean(),
          uid: z.string(),
          sequence: z.number(),
          createdAt: z.string(),
          updatedAt: z.string(),
          invitations: z.array(
            z.object({
              user: person,
              status: z.string(),
              answeredAt: z.string().nullable(),
              createdAt: z.string(),
            }),
          ),
        }),
      ),
      invitations: z.array(
        z.object({
          meetingId: z.string(),
          name: z.string(),
          time: z.string().nullable(),
          organiser: person,
          status: z.string(),
          answeredAt: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
    notifications: z.array(
      z.object({
        _id: z.string(),
        kind: z.string(),
        sourceId: z.string(),
        title: z.string(),
        at: z.string(),
        isRead: z.boolean(),
        createdAt: z.string(),
      }),
    ),
    reminders: z.array(
      z.object({
        _id: z.string(),
        kind: z.string(),
        sourceId: z.string(),
        fireAt: z.string(),
        occurrenceAt: z.string(),
      }),
    ),
    /** null: none stored, the default applies (D22). */
    workingHours: z.array(workingInterval).nullable(),
    billingRequests: z.array(
      z.object({
        _id: z.string(),
        plan: z.string(),
        currency: z.string(),
        users: z.number(),
        amountCents: z.number(),
        status: z.string(),
        paidUntil: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    /**
     * The chats the user takes part in (a direct chat naming them, their groups' chats) and any
     * other they read or wrote in before leaving its group; `lastReadId`: their last read message.
     */
    chats: z.array(
      z.object({
        _id: z.string(),
        kind: z.enum(['direct', 'group']),
        with: person.nullable(),
        group: z.object({ _id: z.string(), name: z.string() }).nullable(),
        participant: z.boolean(),
        lastReadId: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    /** Every message of the chats the user takes part in, and their own in the others. */
    messages: z.array(
      z.object({
        _id: z.string(),
        chatId: z.string(),
        sender: person,
        message: z.string(),
        createdAt: z.string(),
      }),
    ),
    /** The user's booking links (D44); `group`: the hosts' group, for collective and round-robin. */
    bookingTypes: z.array(
      z.object({
        _id: z.string(),
        slug: z.string(),
        title: z.string(),
        description: z.string(),
        duration: z.number(),
        bufferBefore: z.number(),
        bufferAfter: z.number(),
        minNotice: z.number(),
        maxPerDay: z.number().nullable(),
        rangeDays: z.number(),
        location: z.string(),
        mode: z.enum(bookingModes),
        group: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    /**
     * The bookings made through the user's links and those the user hosts through others' (`owner`:
     * whose link), with the visitor's name, e-mail and note as the host sees them; never the secret
     * of the visitor's manage link.
     */
    bookings: z.array(
      z.object({
        _id: z.string(),
        typeId: z.string().nullable(),
        owner: person,
        title: z.string(),
        location: z.string(),
        start: z.string(),
        end: z.string(),
        status: z.enum(bookingStatuses),
        name: z.string(),
        email: z.string(),
        note: z.string(),
        timeZone: z.string(),
        language: z.string(),
        cancelReason: z.string(),
        uid: z.string(),
        sequence: z.number(),
        hosts: z.array(person),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'YourDataExport' });
export type YourDataExport = z.infer<typeof yourDataExport>;
