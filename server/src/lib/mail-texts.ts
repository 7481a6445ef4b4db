/**
 * The e-mails the server sends, in the four languages of the app (en, fr, de, pt). A user's mail
 * goes out in their account's language — the same setting as their interface's. Each text is a
 * function of its parameters, so a translation can place them where its grammar wants.
 */
import { type Language, languagesList } from '@cadence/contract';
import { floating } from './zoned-time';

interface MailParams {
  passwordReset: { name: string; link: string };
  /** An account under attack (decisions §61): `link` clears its failed logins, once. */
  accountUnlock: { name: string; link: string };
  /** `when`: the start, already written in the user's language and time zone. */
  eventReminder: { name: string; title: string; when: string; link: string };
  taskDue: { name: string; title: string; link: string };
  /**
   * `when`: the chosen time in the invitee's language and zone, or null while none is chosen;
   * `changed`: the organiser moved it (D42: asked again); `accept`, `decline`: the signed links.
   */
  meetingInvitation: {
    name: string;
    organiser: string;
    title: string;
    when: string | null;
    link: string;
    changed?: boolean;
    accept?: string;
    decline?: string;
  };
  /** The meeting was cancelled (deleted or archived), or the invitee taken off it (`removed`). */
  meetingCancelled: {
    name: string;
    organiser: string;
    title: string;
    when: string | null;
    link: string;
    removed?: boolean;
  };
  /** `person` answered the organiser's meeting. */
  meetingAnswered: {
    name: string;
    person: string;
    title: string;
    when: string | null;
    link: string;
    accepted: boolean;
  };
  /** An event's guest was added (`changed`: the event changed), or (`cancelled`) it is gone for them. */
  eventInvitation: {
    name: string;
    organiser: string;
    title: string;
    when: string;
    link: string;
    changed?: boolean;
    cancelled?: boolean;
  };
  /**
   * D45: `actor` did something to shared work of the recipient's: assigned them a task, completed
   * one they assigned, shared a board, commented on or set the due time (`when`) of their card, or
   * made them a member of a card.
   */
  sharedWork: {
    kind: 'todo-assigned' | 'todo-completed' | 'board-shared' | 'card-comment' | 'card-due' | 'card-member';
    name: string;
    actor: string;
    title: string;
    when: string | null;
    link: string;
  };
  /**
   * D44: a booking made, moved or cancelled — to a host (`other`: the visitor) or to the visitor
   * (`other`: the host). `link`: the host's bookings page, or the visitor's manage link.
   */
  booking: {
    change: 'booked' | 'rescheduled' | 'cancelled';
    forHost: boolean;
    name: string;
    other: string;
    title: string;
    when: string;
    link: string;
    location: string;
    reason: string;
  };
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
    accountUnlock: ({ name, link }) => ({
      subject: 'Someone is trying to sign in to your Cadence account',
      text: lines(
        `Hello ${name},`,
        '',
        'In the last 15 minutes, several attempts to sign in to your Cadence account failed for a wrong password. To protect the account, the addresses they came from cannot sign in to it for a while; any other device still can.',
        '',
        'If Cadence refuses your own sign-in, open this link to lift the block for your account:',
        '',
        link,
        '',
        'The link works once, within one hour. If none of these attempts were yours, consider choosing a new password.',
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
    meetingInvitation: ({ name, organiser, title, when, link, changed, accept, decline }) => ({
      subject: changed
        ? `Updated invitation: ${title}, ${when ?? ''}`.replace(/, $/, '')
        : when
          ? `Invitation: ${title}, ${when}`
          : `Invitation: ${title}`,
      text: lines(
        `Hello ${name},`,
        '',
        changed
          ? `${organiser} moved “${title}” to ${when}. Please answer again.`
          : when
            ? `${organiser} invites you to “${title}”, ${when}.`
            : `${organiser} invites you to “${title}”; the time is still to be chosen.`,
        '',
        ...(accept && decline ? [`Accept: ${accept}`, `Decline: ${decline}`, ''] : []),
        accept ? `Details: ${link}` : `Accept or decline: ${link}`,
      ),
    }),
    meetingCancelled: ({ name, organiser, title, when, link, removed }) => ({
      subject: removed ? `Removed from: ${title}` : `Cancelled: ${title}`,
      text: lines(
        `Hello ${name},`,
        '',
        removed
          ? `${organiser} took you off “${title}”${when ? `, ${when}` : ''}.`
          : `${organiser} cancelled “${title}”${when ? `, ${when}` : ''}.`,
        '',
        `Your meetings: ${link}`,
      ),
    }),
    meetingAnswered: ({ name, person, title, when, link, accepted }) => ({
      subject: accepted ? `Accepted: ${title}` : `Declined: ${title}`,
      text: lines(
        `Hello ${name},`,
        '',
        accepted
          ? `${person} accepted “${title}”${when ? `, ${when}` : ''}.`
          : `${person} declined “${title}”${when ? `, ${when}` : ''}.`,
        '',
        `The meeting: ${link}`,
      ),
    }),
    eventInvitation: ({ name, organiser, title, when, link, changed, cancelled }) => ({
      subject: cancelled
        ? `Cancelled: ${title}`
        : changed
          ? `Updated: ${title}, ${when}`
          : `Invitation: ${title}, ${when}`,
      text: lines(
        `Hello ${name},`,
        '',
        cancelled
          ? `${organiser} cancelled “${title}”, ${when}, or took you off it.`
          : changed
            ? `${organiser} changed “${title}”: ${when}.`
            : `${organiser} added you to “${title}”, ${when}.`,
        '',
        `Your calendar: ${link}`,
      ),
    }),
    booking: ({ change, forHost, name, other, title, when, link, location, reason }) => ({
      subject:
        change === 'cancelled'
          ? `Cancelled: ${title}, ${when}`
          : change === 'rescheduled'
            ? `Moved: ${title}, ${when}`
            : `Booked: ${title}, ${when}`,
      text: lines(
        `Hello ${name},`,
        '',
        change === 'cancelled'
          ? `“${title}” with ${other}, ${when}, is cancelled.`
          : change === 'rescheduled'
            ? `“${title}” with ${other} is moved to ${when}.`
            : forHost
              ? `${other} booked “${title}” with you, ${when}.`
              : `You are booked: “${title}” with ${other}, ${when}.`,
        ...(location && change !== 'cancelled' ? [`Where: ${location}`] : []),
        ...(reason ? [`Reason: ${reason}`] : []),
        '',
        forHost ? `Your bookings: ${link}` : `To reschedule or cancel: ${link}`,
      ),
    }),
    sharedWork: ({ kind, name, actor, title, when, link }) => {
      const what = {
        'todo-assigned': {
          subject: `Assigned to you: ${title}`,
          text: `${actor} assigned you the task “${title}”.`,
        },
        'todo-completed': {
          subject: `Completed: ${title}`,
          text: `${actor} completed the task “${title}” that you assigned.`,
        },
        'board-shared': {
          subject: `Board shared with you: ${title}`,
          text: `${actor} added you to the board “${title}”.`,
        },
        'card-comment': {
          subject: `New comment: ${title}`,
          text: `${actor} commented on the card “${title}”.`,
        },
        'card-due': {
          subject: `Due date: ${title}`,
          text: when
            ? `${actor} set the card “${title}” due ${when}.`
            : `${actor} removed the due date of the card “${title}”.`,
        },
        'card-member': {
          subject: `Added to a card: ${title}`,
          text: `${actor} added you to the card “${title}”.`,
        },
      }[kind];
      return { subject: what.subject, text: lines(`Hello ${name},`, '', what.text, '', `Open it: ${link}`) };
    },
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
    accountUnlock: ({ name, link }) => ({
      subject: 'Quelqu’un essaie de se connecter à votre compte Cadence',
      text: lines(
        `Bonjour ${name},`,
        '',
        'Au cours des 15 dernières minutes, plusieurs tentatives de connexion à votre compte Cadence ont échoué pour un mauvais mot de passe. Pour protéger le compte, les adresses d’où elles venaient ne peuvent plus s’y connecter pendant un moment ; tout autre appareil le peut encore.',
        '',
        'Si Cadence refuse votre propre connexion, ouvrez ce lien pour lever le blocage de votre compte :',
        '',
        link,
        '',
        'Le lien fonctionne une seule fois, pendant une heure. Si aucune de ces tentatives ne vient de vous, pensez à choisir un nouveau mot de passe.',
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
    meetingInvitation: ({ name, organiser, title, when, link, changed, accept, decline }) => ({
      subject: changed
        ? `Invitation modifiée : ${title}, ${when ?? ''}`.replace(/, $/, '')
        : when
          ? `Invitation : ${title}, ${when}`
          : `Invitation : ${title}`,
      text: lines(
        `Bonjour ${name},`,
        '',
        changed
          ? `${organiser} a déplacé « ${title} » au ${when}. Merci de répondre à nouveau.`
          : when
            ? `${organiser} vous invite à « ${title} », ${when}.`
            : `${organiser} vous invite à « ${title} » ; l’heure reste à choisir.`,
        '',
        ...(accept && decline ? [`Accepter : ${accept}`, `Refuser : ${decline}`, ''] : []),
        accept ? `Détails : ${link}` : `Accepter ou refuser : ${link}`,
      ),
    }),
    meetingCancelled: ({ name, organiser, title, when, link, removed }) => ({
      subject: removed ? `Retiré de : ${title}` : `Annulé : ${title}`,
      text: lines(
        `Bonjour ${name},`,
        '',
        removed
          ? `${organiser} vous a retiré de « ${title} »${when ? `, ${when}` : ''}.`
          : `${organiser} a annulé « ${title} »${when ? `, ${when}` : ''}.`,
        '',
        `Vos réunions : ${link}`,
      ),
    }),
    meetingAnswered: ({ name, person, title, when, link, accepted }) => ({
      subject: accepted ? `Accepté : ${title}` : `Refusé : ${title}`,
      text: lines(
        `Bonjour ${name},`,
        '',
        accepted
          ? `${person} a accepté « ${title} »${when ? `, ${when}` : ''}.`
          : `${person} a refusé « ${title} »${when ? `, ${when}` : ''}.`,
        '',
        `La réunion : ${link}`,
      ),
    }),
    eventInvitation: ({ name, organiser, title, when, link, changed, cancelled }) => ({
      subject: cancelled
        ? `Annulé : ${title}`
        : changed
          ? `Modifié : ${title}, ${when}`
          : `Invitation : ${title}, ${when}`,
      text: lines(
        `Bonjour ${name},`,
        '',
        cancelled
          ? `${organiser} a annulé « ${title} », ${when}, ou vous en a retiré.`
          : changed
            ? `${organiser} a modifié « ${title} » : ${when}.`
            : `${organiser} vous a ajouté à « ${title} », ${when}.`,
        '',
        `Votre calendrier : ${link}`,
      ),
    }),
    booking: ({ change, forHost, name, other, title, when, link, location, reason }) => ({
      subject:
        change === 'cancelled'
          ? `Annulé : ${title}, ${when}`
          : change === 'rescheduled'
            ? `Déplacé : ${title}, ${when}`
            : `Réservé : ${title}, ${when}`,
      text: lines(
        `Bonjour ${name},`,
        '',
        change === 'cancelled'
          ? `« ${title} » avec ${other}, ${when}, est annulé.`
          : change === 'rescheduled'
            ? `« ${title} » avec ${other} est déplacé au ${when}.`
            : forHost
              ? `${other} a réservé « ${title} » avec vous, ${when}.`
              : `Votre réservation est confirmée : « ${title} » avec ${other}, ${when}.`,
        ...(location && change !== 'cancelled' ? [`Lieu : ${location}`] : []),
        ...(reason ? [`Motif : ${reason}`] : []),
        '',
        forHost ? `Vos réservations : ${link}` : `Pour déplacer ou annuler : ${link}`,
      ),
    }),
    sharedWork: ({ kind, name, actor, title, when, link }) => {
      const what = {
        'todo-assigned': {
          subject: `Assignée à vous : ${title}`,
          text: `${actor} vous a assigné la tâche « ${title} ».`,
        },
        'todo-completed': {
          subject: `Terminée : ${title}`,
          text: `${actor} a terminé la tâche « ${title} » que vous avez assignée.`,
        },
        'board-shared': {
          subject: `Tableau partagé avec vous : ${title}`,
          text: `${actor} vous a ajouté au tableau « ${title} ».`,
        },
        'card-comment': {
          subject: `Nouveau commentaire : ${title}`,
          text: `${actor} a commenté la carte « ${title} ».`,
        },
        'card-due': {
          subject: `Échéance : ${title}`,
          text: when
            ? `${actor} a fixé l’échéance de la carte « ${title} » au ${when}.`
            : `${actor} a retiré l’échéance de la carte « ${title} ».`,
        },
        'card-member': {
          subject: `Ajouté à une carte : ${title}`,
          text: `${actor} vous a ajouté à la carte « ${title} ».`,
        },
      }[kind];
      return {
        subject: what.subject,
        text: lines(`Bonjour ${name},`, '', what.text, '', `Ouvrir : ${link}`),
      };
    },
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
    accountUnlock: ({ name, link }) => ({
      subject: 'Jemand versucht, sich bei Ihrem Cadence-Konto anzumelden',
      text: lines(
        `Hallo ${name},`,
        '',
        'In den letzten 15 Minuten sind mehrere Anmeldeversuche bei Ihrem Cadence-Konto an einem falschen Passwort gescheitert. Zum Schutz des Kontos können sich die Adressen, von denen sie kamen, eine Weile nicht mehr anmelden; jedes andere Gerät kann es weiterhin.',
        '',
        'Wenn Cadence Ihre eigene Anmeldung ablehnt, öffnen Sie diesen Link, um die Sperre Ihres Kontos aufzuheben:',
        '',
        link,
        '',
        'Der Link funktioniert einmal, innerhalb einer Stunde. Wenn keiner dieser Versuche von Ihnen kam, wählen Sie am besten ein neues Passwort.',
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
    meetingInvitation: ({ name, organiser, title, when, link, changed, accept, decline }) => ({
      subject: changed
        ? `Geänderte Einladung: ${title}, ${when ?? ''}`.replace(/, $/, '')
        : when
          ? `Einladung: ${title}, ${when}`
          : `Einladung: ${title}`,
      text: lines(
        `Hallo ${name},`,
        '',
        changed
          ? `${organiser} hat „${title}“ auf ${when} verschoben. Bitte antworten Sie erneut.`
          : when
            ? `${organiser} lädt Sie zu „${title}“ ein, ${when}.`
            : `${organiser} lädt Sie zu „${title}“ ein; die Uhrzeit steht noch nicht fest.`,
        '',
        ...(accept && decline ? [`Zusagen: ${accept}`, `Absagen: ${decline}`, ''] : []),
        accept ? `Details: ${link}` : `Zusagen oder absagen: ${link}`,
      ),
    }),
    meetingCancelled: ({ name, organiser, title, when, link, removed }) => ({
      subject: removed ? `Ausgeladen: ${title}` : `Abgesagt: ${title}`,
      text: lines(
        `Hallo ${name},`,
        '',
        removed
          ? `${organiser} hat Sie von „${title}“ ausgeladen${when ? ` (${when})` : ''}.`
          : `${organiser} hat „${title}“ abgesagt${when ? ` (${when})` : ''}.`,
        '',
        `Ihre Besprechungen: ${link}`,
      ),
    }),
    meetingAnswered: ({ name, person, title, when, link, accepted }) => ({
      subject: accepted ? `Zugesagt: ${title}` : `Abgesagt: ${title}`,
      text: lines(
        `Hallo ${name},`,
        '',
        accepted
          ? `${person} hat „${title}“ zugesagt${when ? ` (${when})` : ''}.`
          : `${person} hat „${title}“ abgesagt${when ? ` (${when})` : ''}.`,
        '',
        `Die Besprechung: ${link}`,
      ),
    }),
    eventInvitation: ({ name, organiser, title, when, link, changed, cancelled }) => ({
      subject: cancelled
        ? `Abgesagt: ${title}`
        : changed
          ? `Geändert: ${title}, ${when}`
          : `Einladung: ${title}, ${when}`,
      text: lines(
        `Hallo ${name},`,
        '',
        cancelled
          ? `${organiser} hat „${title}“ (${when}) abgesagt oder Sie davon entfernt.`
          : changed
            ? `${organiser} hat „${title}“ geändert: ${when}.`
            : `${organiser} hat Sie zu „${title}“ hinzugefügt, ${when}.`,
        '',
        `Ihr Kalender: ${link}`,
      ),
    }),
    booking: ({ change, forHost, name, other, title, when, link, location, reason }) => ({
      subject:
        change === 'cancelled'
          ? `Abgesagt: ${title}, ${when}`
          : change === 'rescheduled'
            ? `Verschoben: ${title}, ${when}`
            : `Gebucht: ${title}, ${when}`,
      text: lines(
        `Hallo ${name},`,
        '',
        change === 'cancelled'
          ? `„${title}“ mit ${other}, ${when}, ist abgesagt.`
          : change === 'rescheduled'
            ? `„${title}“ mit ${other} ist verschoben auf ${when}.`
            : forHost
              ? `${other} hat „${title}“ mit Ihnen gebucht, ${when}.`
              : `Ihre Buchung steht: „${title}“ mit ${other}, ${when}.`,
        ...(location && change !== 'cancelled' ? [`Ort: ${location}`] : []),
        ...(reason ? [`Grund: ${reason}`] : []),
        '',
        forHost ? `Ihre Buchungen: ${link}` : `Verschieben oder absagen: ${link}`,
      ),
    }),
    sharedWork: ({ kind, name, actor, title, when, link }) => {
      const what = {
        'todo-assigned': {
          subject: `Ihnen zugewiesen: ${title}`,
          text: `${actor} hat Ihnen die Aufgabe „${title}“ zugewiesen.`,
        },
        'todo-completed': {
          subject: `Erledigt: ${title}`,
          text: `${actor} hat die von Ihnen zugewiesene Aufgabe „${title}“ erledigt.`,
        },
        'board-shared': {
          subject: `Board mit Ihnen geteilt: ${title}`,
          text: `${actor} hat Sie zum Board „${title}“ hinzugefügt.`,
        },
        'card-comment': {
          subject: `Neuer Kommentar: ${title}`,
          text: `${actor} hat die Karte „${title}“ kommentiert.`,
        },
        'card-due': {
          subject: `Fälligkeit: ${title}`,
          text: when
            ? `${actor} hat die Karte „${title}“ fällig gesetzt: ${when}.`
            : `${actor} hat die Fälligkeit der Karte „${title}“ entfernt.`,
        },
        'card-member': {
          subject: `Zu einer Karte hinzugefügt: ${title}`,
          text: `${actor} hat Sie zur Karte „${title}“ hinzugefügt.`,
        },
      }[kind];
      return { subject: what.subject, text: lines(`Hallo ${name},`, '', what.text, '', `Öffnen: ${link}`) };
    },
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
    accountUnlock: ({ name, link }) => ({
      subject: 'Alguém está a tentar iniciar sessão na sua conta Cadence',
      text: lines(
        `Olá ${name},`,
        '',
        'Nos últimos 15 minutos, várias tentativas de iniciar sessão na sua conta Cadence falharam por uma palavra-passe errada. Para proteger a conta, os endereços de onde vieram não podem entrar nela durante algum tempo; qualquer outro dispositivo continua a poder.',
        '',
        'Se o Cadence recusar o seu próprio início de sessão, abra esta ligação para levantar o bloqueio da sua conta:',
        '',
        link,
        '',
        'A ligação funciona uma vez, durante uma hora. Se nenhuma destas tentativas foi sua, considere escolher uma nova palavra-passe.',
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
    meetingInvitation: ({ name, organiser, title, when, link, changed, accept, decline }) => ({
      subject: changed
        ? `Convite alterado: ${title}, ${when ?? ''}`.replace(/, $/, '')
        : when
          ? `Convite: ${title}, ${when}`
          : `Convite: ${title}`,
      text: lines(
        `Olá ${name},`,
        '',
        changed
          ? `${organiser} mudou «${title}» para ${when}. Por favor, responda de novo.`
          : when
            ? `${organiser} convida-o para «${title}», ${when}.`
            : `${organiser} convida-o para «${title}»; a hora ainda está por escolher.`,
        '',
        ...(accept && decline ? [`Aceitar: ${accept}`, `Recusar: ${decline}`, ''] : []),
        accept ? `Detalhes: ${link}` : `Aceitar ou recusar: ${link}`,
      ),
    }),
    meetingCancelled: ({ name, organiser, title, when, link, removed }) => ({
      subject: removed ? `Removido de: ${title}` : `Cancelado: ${title}`,
      text: lines(
        `Olá ${name},`,
        '',
        removed
          ? `${organiser} removeu-o de «${title}»${when ? `, ${when}` : ''}.`
          : `${organiser} cancelou «${title}»${when ? `, ${when}` : ''}.`,
        '',
        `As suas reuniões: ${link}`,
      ),
    }),
    meetingAnswered: ({ name, person, title, when, link, accepted }) => ({
      subject: accepted ? `Aceite: ${title}` : `Recusado: ${title}`,
      text: lines(
        `Olá ${name},`,
        '',
        accepted
          ? `${person} aceitou «${title}»${when ? `, ${when}` : ''}.`
          : `${person} recusou «${title}»${when ? `, ${when}` : ''}.`,
        '',
        `A reunião: ${link}`,
      ),
    }),
    eventInvitation: ({ name, organiser, title, when, link, changed, cancelled }) => ({
      subject: cancelled
        ? `Cancelado: ${title}`
        : changed
          ? `Alterado: ${title}, ${when}`
          : `Convite: ${title}, ${when}`,
      text: lines(
        `Olá ${name},`,
        '',
        cancelled
          ? `${organiser} cancelou «${title}», ${when}, ou removeu-o.`
          : changed
            ? `${organiser} alterou «${title}»: ${when}.`
            : `${organiser} adicionou-o a «${title}», ${when}.`,
        '',
        `O seu calendário: ${link}`,
      ),
    }),
    booking: ({ change, forHost, name, other, title, when, link, location, reason }) => ({
      subject:
        change === 'cancelled'
          ? `Cancelado: ${title}, ${when}`
          : change === 'rescheduled'
            ? `Remarcado: ${title}, ${when}`
            : `Marcado: ${title}, ${when}`,
      text: lines(
        `Olá ${name},`,
        '',
        change === 'cancelled'
          ? `“${title}” com ${other}, ${when}, foi cancelado.`
          : change === 'rescheduled'
            ? `“${title}” com ${other} foi remarcado para ${when}.`
            : forHost
              ? `${other} marcou “${title}” consigo, ${when}.`
              : `A sua marcação está confirmada: “${title}” com ${other}, ${when}.`,
        ...(location && change !== 'cancelled' ? [`Local: ${location}`] : []),
        ...(reason ? [`Motivo: ${reason}`] : []),
        '',
        forHost ? `As suas marcações: ${link}` : `Para remarcar ou cancelar: ${link}`,
      ),
    }),
    sharedWork: ({ kind, name, actor, title, when, link }) => {
      const what = {
        'todo-assigned': {
          subject: `Atribuída a si: ${title}`,
          text: `${actor} atribuiu-lhe a tarefa «${title}».`,
        },
        'todo-completed': {
          subject: `Concluída: ${title}`,
          text: `${actor} concluiu a tarefa «${title}» que atribuiu.`,
        },
        'board-shared': {
          subject: `Quadro partilhado consigo: ${title}`,
          text: `${actor} adicionou-o ao quadro «${title}».`,
        },
        'card-comment': {
          subject: `Novo comentário: ${title}`,
          text: `${actor} comentou o cartão «${title}».`,
        },
        'card-due': {
          subject: `Data limite: ${title}`,
          text: when
            ? `${actor} definiu a data limite do cartão «${title}» para ${when}.`
            : `${actor} retirou a data limite do cartão «${title}».`,
        },
        'card-member': {
          subject: `Adicionado a um cartão: ${title}`,
          text: `${actor} adicionou-o ao cartão «${title}».`,
        },
      }[kind];
      return { subject: what.subject, text: lines(`Olá ${name},`, '', what.text, '', `Abrir: ${link}`) };
    },
  },
};

/** The mail `key` in `language` (English for a language we do not have). */
export function mailText<K extends MailKey>(language: string, key: K, params: MailParams[K]) {
  const known = (languagesList as readonly string[]).includes(language) ? (language as Language) : 'en';
  return mailTexts[known][key](params);
}

/** A recipient of a mail: how to address them and in which language and zone to write times. */
export interface Recipient {
  id: number;
  email: string;
  username: string;
  full_name: string;
  language: string;
  time_zone: string;
}

export const recipientColumns = [
  'users.id',
  'users.email',
  'users.username',
  'users.full_name',
  'users.language',
  'users.time_zone',
] as const;

export const nameOf = (person: { full_name: string; username: string }) =>
  person.full_name || person.username;

/** An instant (or, `allDay`, a day) as the recipient reads it: their language, their zone. */
export function whenText(recipient: Recipient, instant: string, allDay = false): string {
  return allDay
    ? new Intl.DateTimeFormat(recipient.language, { dateStyle: 'full', timeZone: 'UTC' }).format(
        new Date(instant),
      )
    : new Intl.DateTimeFormat(recipient.language, {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: recipient.time_zone,
      }).format(new Date(instant));
}

/**
 * The calendar opened on an event, on its day as the person reads it (an all-day event's day is its
 * UTC date), with it open: a mail's link to the event itself rather than to this month.
 */
export function eventPath(id: number, start: string, allDay: boolean, timeZone: string): string {
  const day = allDay ? start.slice(0, 10) : floating(Date.parse(start), timeZone).toISOString().slice(0, 10);
  return `/apps/calendar?${new URLSearchParams({ date: day, event: String(id) }).toString()}`;
}

/** The to-dos with a task open. */
export const taskPath = (id: number) => `/apps/todo?task=${id}`;
