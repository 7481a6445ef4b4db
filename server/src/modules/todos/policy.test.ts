/**
 * The to-dos policy field by field, through HTTP (policy.ts, D30): an assignee may change
 * `isCompleted` alone; each other field is the owner's, and sending it is 403 with nothing changed.
 */
import { messages } from '@cadence/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildFriends, buildTask, call, expectError } from '../../test/factories';
import { createTestApp, fingerprint, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it.each([
  ['title', { title: 'Mine now' }],
  ['description', { description: 'Mine now' }],
  ['dueDate', { dueDate: '2027-01-01' }],
  ['tags', { tags: ['low'] }],
  ['assignee', { assignee: [] }],
  ['groups', { groups: [] }],
  ['isImportant', { isImportant: true }],
  ['isDeleted', { isDeleted: true }],
  ['repeat', { repeat: { every: 1, unit: 'week' } }],
])('an assignee sending %s gets 403, even with isCompleted, and nothing changes', async (_field, body) => {
  const [owner, assignee] = await buildFriends(t);
  const task = await buildTask(t, owner, { assignee: [assignee.id] });
  const before = await fingerprint(t.database);
  for (const sent of [body, { ...body, isCompleted: true }]) {
    const error = expectError(
      await call(t, 'PUT', `/api/todos/${task._id}`, assignee.token, sent),
      403,
      'FORBIDDEN',
    );
    expect(error.message).toBe(messages['todos.assigneeOnlyCompletes']);
  }
  expect(await fingerprint(t.database)).toEqual(before);
});
