/** Every e-mail exists in every language, carries its parameters, and is really translated. */
import { languagesList } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { mailText, mailTexts } from './mail-texts';

const params = {
  name: 'Ana Lima',
  link: 'https://cadence.test/reset-password?token=abc',
  title: 'Quarterly review',
  when: 'Tuesday 1 December 2026 at 09:00',
  organiser: 'Rui Costa',
  person: 'Inês Sousa',
  accepted: true,
  kind: 'card-due' as const,
  actor: 'Rui Costa',
  change: 'booked' as const,
  forHost: false,
  other: 'Rui Costa',
  location: 'Room 4',
  reason: '',
};

describe('mail texts', () => {
  it.each(languagesList)('has every mail in %s, with the name and the link', (language) => {
    for (const key of Object.keys(mailTexts.en) as (keyof typeof mailTexts.en)[]) {
      const mail = mailTexts[language][key](params);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain(params.name);
      expect(mail.text).toContain(params.link);
      if (language !== 'en') {
        expect(mail.subject).not.toBe(mailTexts.en[key](params).subject);
        expect(mail.text).not.toBe(mailTexts.en[key](params).text);
      }
    }
  });

  it.each(languagesList)('words an invitation in %s with and without a time', (language) => {
    const timed = mailTexts[language].meetingInvitation(params);
    const open = mailTexts[language].meetingInvitation({ ...params, when: null });
    expect(timed.text).toContain(params.organiser);
    expect(timed.text).toContain(params.when);
    expect(open.text).toContain(params.title);
    expect(open.text).not.toContain(params.when);
    expect(open.subject).not.toBe(timed.subject);
  });

  it.each(languagesList)('words D42’s mails in %s: new time, links, cancellation, answers', (language) => {
    const texts = mailTexts[language];
    const links = { accept: 'https://cadence.test/a?yes', decline: 'https://cadence.test/a?no' };
    const moved = texts.meetingInvitation({ ...params, changed: true, ...links });
    expect(moved.subject).not.toBe(texts.meetingInvitation(params).subject);
    expect(moved.text).toContain(links.accept);
    expect(moved.text).toContain(links.decline);
    const removed = texts.meetingCancelled({ ...params, removed: true });
    expect(removed.subject).not.toBe(texts.meetingCancelled(params).subject);
    expect(texts.meetingCancelled({ ...params, when: null }).text).not.toContain(params.when);
    const declined = texts.meetingAnswered({ ...params, accepted: false });
    expect(declined.text).toContain(params.person);
    expect(declined.subject).not.toBe(texts.meetingAnswered(params).subject);
    const added = texts.eventInvitation(params);
    const changed = texts.eventInvitation({ ...params, changed: true });
    const cancelled = texts.eventInvitation({ ...params, cancelled: true });
    expect(new Set([added.subject, changed.subject, cancelled.subject]).size).toBe(3);
    expect(added.text).toContain(params.organiser);
  });

  it.each(languagesList)('words D45’s mails in %s: who did what to which thing', (language) => {
    const kinds = [
      'todo-assigned',
      'todo-completed',
      'board-shared',
      'card-comment',
      'card-due',
      'card-member',
    ] as const;
    const mails = kinds.map((kind) => mailTexts[language].sharedWork({ ...params, kind }));
    expect(new Set(mails.map((mail) => mail.subject)).size).toBe(kinds.length);
    for (const mail of mails) {
      expect(mail.subject).toContain(params.title);
      expect(mail.text).toContain(params.actor);
    }
    expect(mails[4]!.text).toContain(params.when);
    expect(mailTexts[language].sharedWork({ ...params, when: null }).text).not.toContain(params.when);
  });

  it('falls back to English for a language it does not have', () => {
    expect(mailText('xx', 'passwordReset', params).subject).toBe(mailTexts.en.passwordReset(params).subject);
  });
});
