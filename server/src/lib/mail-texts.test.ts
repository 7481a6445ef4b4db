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

  it('falls back to English for a language it does not have', () => {
    expect(mailText('xx', 'passwordReset', params).subject).toBe(mailTexts.en.passwordReset(params).subject);
  });
});
