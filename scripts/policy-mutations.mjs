#!/usr/bin/env node
// The check of the policies: "removing any one policy check fails at least one test".
// Each mutation below takes one check out of a `modules/<m>/policy.ts` (a filter of a visibility
// fragment, a 404, a 403, a 409 or 410), runs the server tests that guard it on SQLite (the
// module's own suites, the authorization matrix, the query-plan check of the policies; stopping at
// the first failure) and puts the file back. A mutation that no test catches is a hole.
//
//   node scripts/policy-mutations.mjs            every mutation
//   node scripts/policy-mutations.mjs tags chat  those of these modules
//
// It prints one line per mutation (caught by which test file, or SURVIVED) and exits 1 if any
// survived. Not part of `npm run validate`: 47 runs of the suites take about ten minutes here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modules = path.join(root, 'server/src/modules');
const guards = ['src/security/authorization-matrix.test.ts', 'src/security/policy-plans.test.ts'];

/** The suites run for each module's mutations, beside the guards (a bare name is the module's). */
const suites = {
  projects: [
    'projects.test.ts',
    'cards.test.ts',
    'transfer.test.ts',
    'src/modules/dashboard/dashboard.test.ts',
  ],
  calendar: ['calendar.test.ts', 'scopes.test.ts'],
  meetings: ['policy.test.ts', 'meetings.test.ts', 'itip.test.ts'],
  todos: ['policy.test.ts', 'todos.test.ts', 'src/modules/dashboard/dashboard.test.ts'],
  chat: ['chat.test.ts'],
  goals: ['goals.test.ts', 'src/modules/dashboard/dashboard.test.ts'],
  groups: ['groups.test.ts'],
  tags: ['tags.test.ts'],
  booking: ['booking.test.ts'],
};

/** [module, what the check is, the text, its replacement, which occurrence (1 by default)]. */
const mutations = [
  [
    'projects',
    'visibleBoards: only the owner’s boards',
    "eb('boards.owner_id', '=', userId), eb('boards.id', 'in', memberOf)",
    "eb('boards.owner_id', '>', 0), eb('boards.id', 'in', memberOf)",
  ],
  [
    'projects',
    'visibleBoards: only the user’s memberships',
    ".where('board_members.user_id', '=', userId);\n  if (boardId",
    ';\n  if (boardId',
  ],
  [
    'projects',
    'visibleBoardSummaries: owned boards are the user’s',
    ".where('boards.owner_id', '=', userId);\n  const shared",
    ';\n  const shared',
  ],
  [
    'projects',
    'visibleBoardSummaries: shared boards are the user’s',
    ".where('board_members.user_id', '=', userId);\n  return owned",
    ';\n  return owned',
  ],
  [
    'projects',
    'authorizeBoard: a stranger to the board’s people → 404',
    'if (!people.has(userId)) throw notFound();',
    '',
  ],
  [
    'projects',
    'authorizeBoard: the point query filters by visibleBoards',
    '.where((eb) => visibleBoards(eb, userId, boardId))',
    '',
  ],
  [
    'projects',
    'authorizeBoard: a member changing the board → 403',
    "if (action === 'board' && !access.isOwner) throw forbidden('OWNER_ONLY', 'projects.ownerOnly');",
    '',
  ],
  [
    'projects',
    'authorizeBoardsOf: ?user= someone else → 403',
    "if (Number(user) !== userId) throw forbidden('FORBIDDEN', 'projects.userForbidden');",
    '',
  ],
  [
    'projects',
    'authorizeComment: another member’s comment → 403',
    "if (comment.author_id !== userId) throw forbidden('COMMENT_AUTHOR_ONLY', 'projects.commentAuthorOnly');",
    '',
  ],
  ['projects', 'authorizeComment: the comment is on this card', ".where('item_id', '=', itemId)", ''],

  [
    'calendar',
    'visibleEvents: only the owner’s events',
    "eb('events.owner_id', '=', userId), eb('events.id', 'in', guestOf)",
    "eb('events.owner_id', '>', 0), eb('events.id', 'in', guestOf)",
  ],
  [
    'calendar',
    'visibleEvents: only the user’s invitations',
    ".where('event_guests.user_id', '=', userId);",
    ';',
  ],
  [
    'calendar',
    'authorizeEvent: the point query filters by visibleEvents',
    '.where((eb) => visibleEvents(eb, userId, eventId))',
    '',
  ],
  [
    'calendar',
    'authorizeEvent: a guest’s change → 403',
    "if (action === 'change' && row.owner_id !== userId) throw forbidden('FORBIDDEN', 'calendar.guestReadOnly');",
    '',
  ],

  [
    'meetings',
    'visibleMeetings: only the organiser’s meetings',
    "eb('meetings.owner_id', '=', userId), eb('meetings.id', 'in', invitedTo)",
    "eb('meetings.owner_id', '>', 0), eb('meetings.id', 'in', invitedTo)",
  ],
  [
    'meetings',
    'visibleMeetings: only the user’s invitations',
    ".where('meeting_invitations.user_id', '=', userId);\n  if (meetingId",
    ';\n  if (meetingId',
  ],
  [
    'meetings',
    'authorizeMeeting: the point query filters by visibleMeetings',
    '.where((eb) => visibleMeetings(eb, userId, meetingId))',
    '',
  ],
  [
    'meetings',
    'authorizeMeeting: an invitee re-planning → 404',
    "if (action === 'replan' && !isOrganiser) throw notFound();",
    '',
  ],
  [
    'meetings',
    'authorizeMeeting: an invitee organising → 403',
    "if (action === 'organise' && !isOrganiser) throw forbidden('FORBIDDEN', 'meetings.organiserOnly');",
    '',
  ],
  [
    'meetings',
    'authorizeMeeting: the organiser answering → 403',
    "if (isOrganiser) throw forbidden('FORBIDDEN', 'meetings.notInvited');",
    '',
  ],
  [
    'meetings',
    'authorizeMeeting: answering a closed meeting → 409',
    "throw forbidden('FORBIDDEN', 'meetings.notInvited');\n    assertOpen(row);",
    "throw forbidden('FORBIDDEN', 'meetings.notInvited');",
  ],
  [
    'meetings',
    'authorizeAnswerLink: a forged link → 404',
    'if (!link || link.ids.length !== 2) throw notFound();',
    'if (link && link.ids.length !== 2) throw notFound();',
  ],
  [
    'meetings',
    'authorizeAnswerLink: a removed invitee → 404',
    'if (!row || !invited) throw notFound();',
    'if (!row) throw notFound();',
  ],
  [
    'meetings',
    'authorizeAnswerLink: an expired link → 410',
    'if (link.expired || answerLinkExpiry(row) <= Date.now())',
    'if (link.expired && answerLinkExpiry(row) <= Date.now())',
  ],
  [
    'meetings',
    'authorizeAnswerLink: a moved-earlier meeting’s link → 410',
    'if (link.expired || answerLinkExpiry(row) <= Date.now())',
    'if (link.expired)',
  ],
  [
    'meetings',
    'authorizeAnswerLink: answering a closed meeting → 409',
    "if (action === 'answer') assertOpen(row);\n  return { row, userId };",
    'return { row, userId };',
  ],

  ['todos', 'visibleTasks: only the owner’s to-dos', ".where('mine.owner_id', '=', userId)", ''],
  ['todos', 'visibleTasks: only the user’s assignments', ".where('todo_assignees.user_id', '=', userId)", ''],
  [
    'todos',
    'authorizeTask: an assignee’s change → 403',
    "if (action === 'change') throw forbidden('FORBIDDEN', 'todos.assigneeOnlyCompletes');",
    '',
  ],
  [
    'todos',
    'authorizeTask: an assignee’s delete → 403',
    "if (action === 'delete') throw forbidden('FORBIDDEN', 'todos.ownerOnly');",
    '',
  ],
  [
    'todos',
    'authorizeTasksOf: ?user= someone else → 403',
    "if (Number(user) !== userId) throw forbidden('FORBIDDEN', 'todos.userForbidden');",
    '',
  ],
  [
    'todos',
    'updateAction: owner-only fields make a change',
    "return ownerFields.some((field) => input[field] !== undefined) ? 'change' : 'complete';",
    "return 'complete';",
  ],

  ['chat', 'visibleChats: direct chats are the user’s (user_a)', ".where('user_a', '=', userId)", ''],
  ['chat', 'visibleChats: direct chats are the user’s (user_b)', ".where('user_b', '=', userId)", ''],
  ['chat', 'chatGroupsOf: groups owned by the user', ".where('owner_id', '=', userId)", ''],
  [
    'chat',
    'chatGroupsOf: groups the user is a member of',
    ".where('group_members.user_id', '=', userId)",
    '',
  ],
  [
    'chat',
    'authorizeChat: a stranger to the chat → 404',
    'if (!people.includes(userId)) throw notFound();',
    '',
  ],
  [
    'chat',
    'authorizeChat: sending to a former friend → 409',
    'if (!(await areFriends(db, userId, other))) {',
    'if (false) {',
  ],

  [
    'goals',
    'ownGoals: the user’s goals',
    "return goals.where('goals.user_id', '=', userId);",
    'return goals;',
  ],
  [
    'groups',
    'ownGroups: the user’s groups',
    "return groups.where('groups.owner_id', '=', userId);",
    'return groups;',
  ],
  ['tags', 'ownTags: the user’s tags', "return tags.where('tags.user_id', '=', userId);", 'return tags;'],
  [
    'tags',
    'authorizeTag: a built-in tag → 403',
    "if ((builtInTagNames as readonly string[]).includes(id)) throw forbidden('BUILT_IN_TAG', 'tags.builtIn');",
    '',
  ],

  [
    'booking',
    'visibleBookings: bookings through the user’s types',
    "eb('bookings.owner_id', '=', userId),",
    "eb('bookings.owner_id', '>', 0),",
  ],
  [
    'booking',
    'visibleBookings: bookings the user hosts',
    "eb.selectFrom('booking_hosts').select('booking_id').where('user_id', '=', userId)",
    "eb.selectFrom('booking_hosts').select('booking_id')",
  ],
  ['booking', 'authorizeType: the type is the user’s', ".where('owner_id', '=', userId)", ''],
  [
    'booking',
    'checkOpen: a cancelled booking → 409',
    "if (row.status !== 'confirmed') throw conflict('BOOKING_CANCELLED', 'booking.cancelled');",
    '',
  ],
  [
    'booking',
    'checkOpen: a past booking → 409',
    "if (Date.parse(row.start_at) <= Date.now()) throw conflict('BOOKING_PAST', 'booking.past');",
    '',
  ],
];

const only = process.argv.slice(2);
let survived = 0;
for (const [module, what, text, replacement, nth = 1] of mutations) {
  if (only.length > 0 && !only.includes(module)) continue;
  const file = path.join(modules, module, 'policy.ts');
  const original = fs.readFileSync(file, 'utf8');
  let at = -1;
  for (let i = 0; i < nth; i++) at = original.indexOf(text, at + 1);
  if (at < 0) {
    console.log(`MISSING   ${module}: ${what} (text not found: the policy changed; update this list)`);
    survived++;
    continue;
  }
  fs.writeFileSync(file, original.slice(0, at) + replacement + original.slice(at + text.length));
  const started = Date.now();
  try {
    const files = [
      ...suites[module].map((name) => (name.startsWith('src/') ? name : `src/modules/${module}/${name}`)),
      ...guards,
    ];
    const run = spawnSync('npx', ['vitest', 'run', '--bail', '1', '--reporter', 'json', ...files], {
      cwd: path.join(root, 'server'),
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    let failed = [];
    try {
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
      failed = report.testResults
        .flatMap((f) =>
          f.assertionResults
            .filter((a) => a.status === 'failed')
            .map((a) => `${path.relative(path.join(root, 'server/src'), f.name)} › ${a.fullName}`),
        )
        .slice(0, 2);
    } catch {
      failed = run.status === 0 ? [] : [`exit ${run.status} (no report): ${run.stderr.slice(-300)}`];
    }
    if (failed.length === 0 && run.status === 0) {
      survived++;
      console.log(`SURVIVED  ${module}: ${what} (${seconds} s)`);
    } else {
      console.log(
        `caught    ${module}: ${what} (${seconds} s) by ${failed.join(' | ') || `exit ${run.status}`}`,
      );
    }
  } finally {
    fs.writeFileSync(file, original);
  }
}
console.log(survived === 0 ? 'every mutation was caught' : `${survived} mutation(s) not caught`);
process.exit(survived === 0 ? 0 : 1);
