/**
 * D42 in Chromium with real mail: A invites B (French, New York) to a meeting; B, not signed in
 * in a fresh browser, opens the Accept link of the invitation e-mail, sees the invitation in
 * French with the time in New York, and the answer is saved; B then declines on the same page.
 * A's bell names B and the answer; the page passes axe.
 */
import { afterAll, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { openPage } from '../support/browser';
import { startInbox } from '../../server/src/test/smtp';
import { arrive, callAs, makeFriends, sessionOf } from '../support/people';
import { useAppServer } from '../support/server';

const smtp = await startInbox();
afterAll(() => smtp.close());
const server = useAppServer({ SMTP_URL: smtp.url });

it('answers from the e-mail’s link without signing in, in the invitee’s language, and tells the organiser', async () => {
  const a = await arrive(server.url, 'answer-organiser');
  const b = await arrive(server.url, 'answer-invitee');
  await makeFriends(a, b);
  await callAs(b.page, 'put', '/api/account', { timeZone: 'America/New_York', language: 'fr' });
  const { id: bId } = await sessionOf(b.page);
  const meeting = (await callAs(a.page, 'post', '/api/meetings', {
    name: 'Revue trimestrielle',
    duration: 60,
    startDate: '2027-01-11',
    endDate: '2027-01-15',
    time: '2027-01-11T14:00:00Z',
    invitees: [bId],
  })) as { _id: string };

  await expect.poll(() => smtp.allTo(b.person.email)[0]?.subject).toContain('Revue trimestrielle');
  const mail = smtp.allTo(b.person.email)[0]!;
  const accept = /(https?:\/\/\S+\/meeting-answer\/\S+\?status=accepted)/.exec(mail.text)?.[1];
  expect(accept, mail.text).toBeDefined();

  // A new browser, nobody signed in: the link alone.
  const visitor = await openPage(server.url, 'answer-link');
  await visitor.page.goto(new URL(accept!).pathname + new URL(accept!).search);
  await visitor.page.getByRole('heading', { name: 'Revue trimestrielle' }).waitFor();
  await expect.poll(() => visitor.page.locator('html').getAttribute('lang')).toBe('fr');
  // Monday 11 January 2027, 09:00 in New York, in French.
  await visitor.page.getByText(/lundi 11 janvier 2027.*09:00/).waitFor();
  const status = visitor.page.getByRole('status');
  await expect.poll(() => status.textContent()).toContain('Accepté');
  await expect.poll(() => status.textContent()).toContain('Enregistré');
  expect(await visitor.page.getByRole('button', { name: 'Accepter' }).getAttribute('aria-pressed')).toBe(
    'true',
  );
  expect(await seriousViolations(visitor.page)).toEqual([]);

  const answers = () =>
    callAs(a.page, 'get', `/api/meetings/${meeting._id}`).then(
      (m) => (m as { invitations: Array<{ status: string }> }).invitations[0]!.status,
    );
  await expect.poll(answers).toBe('accepted');

  // A change of mind, on the same page.
  await visitor.page.getByRole('button', { name: 'Refuser' }).click();
  await expect.poll(() => status.textContent()).toContain('Refusé');
  await expect.poll(answers).toBe('refused');

  // A's bell: who answered and how.
  await a.page.reload();
  await a.page.getByRole('button', { name: /Notifications, unread/ }).click();
  const lines = a.page.getByTestId('notification');
  await expect
    .poll(() => lines.allTextContents())
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Revue trimestrielle.*declined/),
        expect.stringMatching(/Revue trimestrielle.*accepted/),
      ]),
    );
  await expect
    .poll(() => smtp.allTo(a.person.email).map((m) => m.subject))
    .toEqual(expect.arrayContaining(['Accepted: Revue trimestrielle', 'Declined: Revue trimestrielle']));
});
