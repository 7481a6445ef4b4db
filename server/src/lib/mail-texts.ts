/**
 * The e-mails the server sends, in the four languages of the app (en, fr, de, pt). A user's mail
 * goes out in their account's language — the same setting as their interface's. Each text is a
 * function of its parameters, so a translation can place them where its grammar wants.
 */
import { type Language, languagesList } from '@cadence/contract';

interface MailParams {
  passwordReset: { name: string; link: string };
  /** `when`: the start, already written in the user's language and time zone. */
  eventReminder: { name: string; title: string; when: string; link: string };
  taskDue: { name: string; title: string; link: string };
  /** `when`: the chosen time in the invitee's language and zone, or null while none is chosen. */
  meetingInvitation: { name: string; organiser: string; title: string; when: string | null; link: string };
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
    eventReminder: ({ name, title, when, link }) => ({
      subject: `Reminder: ${title}, ${when}`,
      text: lines(`Hello ${name},`, '', `“${title}” starts ${when}.`, '', `Your calendar: ${link}`),
    }),
    taskDue: ({ name, title, link }) => ({
      subject: `Due today: ${title}`,
      text: lines(`Hello ${name},`, '', `The task “${title}” is due today.`, '', `Your to-do list: ${link}`),
    }),
    meetingInvitation: ({ name, organiser, title, when, link }) => ({
      subject: when ? `Invitation: ${title}, ${when}` : `Invitation: ${title}`,
      text: lines(
        `Hello ${name},`,
        '',
        when
          ? `${organiser} invites you to “${title}”, ${when}.`
          : `${organiser} invites you to “${title}”; the time is still to be chosen.`,
        '',
        `Accept or decline: ${link}`,
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
    eventReminder: ({ name, title, when, link }) => ({
      subject: `Rappel : ${title}, ${when}`,
      text: lines(`Bonjour ${name},`, '', `« ${title} » commence ${when}.`, '', `Votre calendrier : ${link}`),
    }),
    taskDue: ({ name, title, link }) => ({
      subject: `À faire aujourd’hui : ${title}`,
      text: lines(
        `Bonjour ${name},`,
        '',
        `La tâche « ${title} » est à faire aujourd’hui.`,
        '',
        `Votre liste de tâches : ${link}`,
      ),
    }),
    meetingInvitation: ({ name, organiser, title, when, link }) => ({
      subject: when ? `Invitation : ${title}, ${when}` : `Invitation : ${title}`,
      text: lines(
        `Bonjour ${name},`,
        '',
        when
          ? `${organiser} vous invite à « ${title} », ${when}.`
          : `${organiser} vous invite à « ${title} » ; l’heure reste à choisir.`,
        '',
        `Accepter ou refuser : ${link}`,
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
    eventReminder: ({ name, title, when, link }) => ({
      subject: `Erinnerung: ${title}, ${when}`,
      text: lines(`Hallo ${name},`, '', `„${title}“ beginnt ${when}.`, '', `Ihr Kalender: ${link}`),
    }),
    taskDue: ({ name, title, link }) => ({
      subject: `Heute fällig: ${title}`,
      text: lines(
        `Hallo ${name},`,
        '',
        `Die Aufgabe „${title}“ ist heute fällig.`,
        '',
        `Ihre Aufgaben: ${link}`,
      ),
    }),
    meetingInvitation: ({ name, organiser, title, when, link }) => ({
      subject: when ? `Einladung: ${title}, ${when}` : `Einladung: ${title}`,
      text: lines(
        `Hallo ${name},`,
        '',
        when
          ? `${organiser} lädt Sie zu „${title}“ ein, ${when}.`
          : `${organiser} lädt Sie zu „${title}“ ein; die Uhrzeit steht noch nicht fest.`,
        '',
        `Zusagen oder absagen: ${link}`,
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
    eventReminder: ({ name, title, when, link }) => ({
      subject: `Lembrete: ${title}, ${when}`,
      text: lines(`Olá ${name},`, '', `«${title}» começa ${when}.`, '', `O seu calendário: ${link}`),
    }),
    taskDue: ({ name, title, link }) => ({
      subject: `Para hoje: ${title}`,
      text: lines(`Olá ${name},`, '', `A tarefa «${title}» termina hoje.`, '', `As suas tarefas: ${link}`),
    }),
    meetingInvitation: ({ name, organiser, title, when, link }) => ({
      subject: when ? `Convite: ${title}, ${when}` : `Convite: ${title}`,
      text: lines(
        `Olá ${name},`,
        '',
        when
          ? `${organiser} convida-o para «${title}», ${when}.`
          : `${organiser} convida-o para «${title}»; a hora ainda está por escolher.`,
        '',
        `Aceitar ou recusar: ${link}`,
      ),
    }),
  },
};

/** The mail `key` in `language` (English for a language we do not have). */
export function mailText<K extends MailKey>(language: string, key: K, params: MailParams[K]) {
  const known = (languagesList as readonly string[]).includes(language) ? (language as Language) : 'en';
  return mailTexts[known][key](params);
}
