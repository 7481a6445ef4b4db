/**
 * The e-mails the server sends, in the four languages of the app (en, fr, de, pt). A user's mail
 * goes out in their account's language — the same setting as their interface's. Each text is a
 * function of its parameters, so a translation can place them where its grammar wants.
 */
import { type Language, languagesList } from '@cadence/contract';

interface MailParams {
  passwordReset: { name: string; link: string };
}

export type MailKey = keyof MailParams;

type Texts = { [K in MailKey]: (params: MailParams[K]) => { subject: string; text: string } };

const lines = (...parts: string[]) => parts.join('\n');

export const mailTexts: Record<Language, Texts> = {
  en: {
    passwordReset: ({ name, link }) => ({
      subject: 'Reset your Cadence password',
      text: lines(
        `Hello ${name},`,
        '',
        'Someone asked to reset the password of your Cadence account. To choose a new one, open:',
        '',
        link,
        '',
        'The link works once, within one hour. If you did not ask for it, ignore this e-mail.',
      ),
    }),
  },
  fr: {
    passwordReset: ({ name, link }) => ({
      subject: 'Réinitialisez votre mot de passe Cadence',
      text: lines(
        `Bonjour ${name},`,
        '',
        'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Cadence. Pour en choisir un nouveau, ouvrez :',
        '',
        link,
        '',
        'Le lien fonctionne une seule fois, pendant une heure. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
      ),
    }),
  },
  de: {
    passwordReset: ({ name, link }) => ({
      subject: 'Setzen Sie Ihr Cadence-Passwort zurück',
      text: lines(
        `Hallo ${name},`,
        '',
        'Jemand hat angefordert, das Passwort Ihres Cadence-Kontos zurückzusetzen. Um ein neues zu wählen, öffnen Sie:',
        '',
        link,
        '',
        'Der Link funktioniert einmal, innerhalb einer Stunde. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
      ),
    }),
  },
  pt: {
    passwordReset: ({ name, link }) => ({
      subject: 'Redefina a sua palavra-passe do Cadence',
      text: lines(
        `Olá ${name},`,
        '',
        'Alguém pediu para redefinir a palavra-passe da sua conta Cadence. Para escolher uma nova, abra:',
        '',
        link,
        '',
        'A ligação funciona uma vez, durante uma hora. Se não foi você que a pediu, ignore este e-mail.',
      ),
    }),
  },
};

/** The mail `key` in `language` (English for a language we do not have). */
export function mailText<K extends MailKey>(language: string, key: K, params: MailParams[K]) {
  const known = (languagesList as readonly string[]).includes(language) ? (language as Language) : 'en';
  return mailTexts[known][key](params);
}
