/** Every e-mail exists in every language, carries its parameters, and is really translated. */
import { languagesList } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { mailText, mailTexts } from './mail-texts';

const params = {
  name: 'Ana Lima',
  link: 'https://cadence.test/reset-password?token=abc',
  title: 'Quarterly review',
  when: 'Tuesday 1 December 2026 at 09:00',
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

  it('falls back to English for a language it does not have', () => {
    expect(mailText('xx', 'passwordReset', params).subject).toBe(mailTexts.en.passwordReset(params).subject);
  });
});
