/** Friends (D12) and groups (D13) as two or three people use them, each in a browser of their own. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { newPerson } from '../support/app';
import { arrive as arriveAt } from '../support/people';
import { useAppServer } from '../support/server';
import { toastShown } from '../support/app';

const server = useAppServer();

type Person = ReturnType<typeof newPerson>;

/** A new person, registered and on the dashboard, in a browser context of their own. */
const arrive = (name: string) => arriveAt(server.url, name);

/** The visible panel of a tab on /friends, after choosing that tab. */
async function openTab(page: Page, name: 'All users' | 'My friends' | 'Invitations sent') {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
}

/** Opens /friends, finds the person by username in the directory and answers their row. */
async function findInDirectory(page: Page, person: Person) {
  await page.goto('/friends');
  const panel = await openTab(page, 'All users');
  await panel.getByLabel('Search users').fill(person.username);
  const row = panel.locator(`[data-username="${person.username}"]`);
  await expect.poll(() => row.isVisible()).toBe(true);
  return row;
}

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

describe('friends and groups', () => {
  it('A asks B, B accepts, both see each other, and A makes a group with B', async () => {
    const a = await arrive('friends-a');
    const b = await arrive('friends-b');

    // A finds B by username and asks.
    const row = await findInDirectory(a.page, b.person);
    await expect.poll(() => row.getByText(b.person.fullName).isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Add friend' }).click();
    await toastShown(a.page, `Friend request sent to ${b.person.fullName}.`);
    await expect.poll(() => row.getByRole('button', { name: 'Request sent' }).isDisabled()).toBe(true);
    const sent = await openTab(a.page, 'Invitations sent');
    await expect.poll(() => sent.getByText(b.person.fullName).isVisible()).toBe(true);
    await expect.poll(() => sent.getByRole('button', { name: 'Withdraw' }).isVisible()).toBe(true);

    // B sees the request, counted in the menu, and accepts it.
    await b.page.goto('/apps/requests');
    await expect.poll(() => b.page.getByTestId('requests-badge').textContent()).toBe('1');
    const request = b.page.getByTestId('incoming').locator(`[data-username="${a.person.username}"]`);
    await expect.poll(() => request.getByText(a.person.fullName).isVisible()).toBe(true);
    await request.getByRole('button', { name: 'Accept' }).click();
    await toastShown(b.page, `You are now friends with ${a.person.fullName}.`);
    await expect.poll(() => b.page.getByText('No pending requests.').isVisible()).toBe(true);
    await expect.poll(() => b.page.getByTestId('requests-badge').count()).toBe(0);

    // Both see each other under "My friends".
    await b.page.goto('/friends');
    const bFriends = await openTab(b.page, 'My friends');
    await expect.poll(() => bFriends.getByText(a.person.fullName).isVisible()).toBe(true);
    await a.page.goto('/friends');
    const aFriends = await openTab(a.page, 'My friends');
    await expect.poll(() => aFriends.getByText(b.person.fullName).isVisible()).toBe(true);
    await expect.poll(() => aFriends.getByRole('button', { name: 'Remove' }).isVisible()).toBe(true);
    // In the directory B is now a friend, and nothing is pending any more.
    const friendRow = await findInDirectory(a.page, b.person);
    await expect.poll(() => friendRow.getByRole('button', { name: 'Friend' }).isDisabled()).toBe(true);
    const nothingSent = await openTab(a.page, 'Invitations sent');
    await expect.poll(() => nothingSent.getByText('You have no pending invitations.').isVisible()).toBe(true);

    // A makes a group with B.
    await a.page.goto('/group');
    await expect.poll(() => a.page.getByText('No groups yet').isVisible()).toBe(true);
    await a.page.getByRole('button', { name: 'New group' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel('Name').fill('Climbing partners');
    await dialog.getByLabel('Members').click();
    await a.page.getByRole('option', { name: `${b.person.fullName} (@${b.person.username})` }).click();
    await dialog.getByLabel('Name').click();
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await toastShown(a.page, 'Group created');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const group = a.page.getByRole('region', { name: 'Climbing partners' });
    await expect.poll(() => group.getByText(b.person.fullName).isVisible()).toBe(true);
    await expect.poll(() => group.getByText(`@${b.person.username}`).isVisible()).toBe(true);

    // The list survives a reload: it comes from the server.
    await a.page.reload();
    await expect.poll(() => group.getByText(b.person.fullName).isVisible()).toBe(true);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('C asks A, A declines, and the invitation disappears for C', async () => {
    const a = await arrive('decline-a');
    const c = await arrive('decline-c');

    const row = await findInDirectory(c.page, a.person);
    await row.getByRole('button', { name: 'Add friend' }).click();
    await expect.poll(() => row.getByRole('button', { name: 'Request sent' }).isDisabled()).toBe(true);
    const sent = await openTab(c.page, 'Invitations sent');
    await expect.poll(() => sent.getByText(a.person.fullName).isVisible()).toBe(true);

    // A sees "Requested you" in the directory, then declines on /apps/requests.
    const asker = await findInDirectory(a.page, c.person);
    await expect.poll(() => asker.getByRole('button', { name: 'Requested you' }).isDisabled()).toBe(true);
    await a.page.goto('/apps/requests');
    const request = a.page.getByTestId('incoming').locator(`[data-username="${c.person.username}"]`);
    await request.getByRole('button', { name: 'Decline' }).click();
    await toastShown(a.page, `Request from ${c.person.fullName} declined.`);
    await expect.poll(() => a.page.getByText('No pending requests.').isVisible()).toBe(true);

    // C's invitation is gone, and C is not A's friend.
    await c.page.goto('/friends');
    const nothingSent = await openTab(c.page, 'Invitations sent');
    await expect.poll(() => nothingSent.getByText('You have no pending invitations.').isVisible()).toBe(true);
    await expect.poll(() => nothingSent.getByText(a.person.fullName).count()).toBe(0);
    const friends = await openTab(c.page, 'My friends');
    await expect
      .poll(() => friends.getByText('You have no friends yet.', { exact: false }).isVisible())
      .toBe(true);
    const again = await findInDirectory(c.page, a.person);
    await expect.poll(() => again.getByRole('button', { name: 'Add friend' }).isEnabled()).toBe(true);
    expect(a.errors).toEqual([]);
    expect(c.errors).toEqual([]);
  });

  it('checks a new group against the contract, and a delete that fails says why and keeps the dialog open', async () => {
    const a = await arrive('stale-a');
    // The delete of a group deleted elsewhere is refused on purpose.
    a.allowConsole(/status of 404/);
    await a.page.goto('/group');
    await expect.poll(() => a.page.getByText('No groups yet').isVisible()).toBe(true);

    // Without friends there is no one to choose; a nameless group is refused before any request.
    await a.page.getByRole('button', { name: 'New group' }).click();
    const form = a.page.getByRole('dialog', { name: 'New group' });
    await expect.poll(() => form.getByText('Add friends on the Friends page first.').isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Create group' }).click();
    await expect.poll(() => form.getByText('Please enter a name for the group.').isVisible()).toBe(true);
    await form.getByLabel('Name').fill('Book club');
    await form.getByRole('button', { name: 'Create group' }).click();
    await toastShown(a.page, 'Group created');
    const group = a.page.getByRole('region', { name: 'Book club' });
    await expect.poll(() => group.getByText('No members yet.').isVisible()).toBe(true);

    // The group goes away elsewhere (another tab) while this page still shows it.
    await a.page.evaluate(async () => {
      const { api } = (
        window as unknown as {
          cadence: {
            api: {
              get: <T>(path: string) => Promise<T>;
              delete: (path: string) => Promise<unknown>;
            };
          };
        }
      ).cadence;
      const groups = await api.get<{ data: Array<{ _id: string }> }>('/groups');
      for (const { _id } of groups.data) await api.delete(`/groups/${_id}`);
    });
    await group.getByRole('button', { name: 'Delete the group Book club' }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Delete group' });
    await confirm.getByText('Delete the group “Book club”? Its members stay your friends.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => confirm.getByRole('alert').textContent()).toBe('Not found.');
    expect(await toast(a.page, 'Group deleted').count()).toBe(0);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);

    await a.page.reload();
    await expect.poll(() => a.page.getByText('No groups yet').isVisible()).toBe(true);
  });
});
