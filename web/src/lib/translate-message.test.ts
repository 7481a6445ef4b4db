/**
 * An API message's English text is found under its key wherever the key sits among the loaded
 * strings, a nested one too (`api.calendar.skip.badDate`, the reason an event was not imported),
 * and shown in the user's language.
 */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translateApiMessage } from './translate-message';

beforeAll(async () => {
  await i18next.init({
    lng: 'fr',
    fallbackLng: 'en',
    resources: {
      en: {
        translation: {
          api: {
            calendar: {
              fileEmpty: 'This calendar holds no event to import.',
              skip: { badDate: 'A date or time of the event cannot be read.' },
            },
          },
        },
      },
      fr: {
        translation: {
          api: {
            calendar: {
              fileEmpty: 'Ce calendrier ne contient aucun événement à importer.',
              skip: { badDate: 'Une date ou une heure de l’événement est illisible.' },
            },
          },
        },
      },
    },
  });
});

describe('translateApiMessage', () => {
  it('translates a message by its text, its key one level down', () => {
    expect(translateApiMessage(i18next.t, 'This calendar holds no event to import.')).toBe(
      'Ce calendrier ne contient aucun événement à importer.',
    );
  });

  it('translates a message whose key is nested deeper (an import’s skip reason)', () => {
    expect(translateApiMessage(i18next.t, 'A date or time of the event cannot be read.')).toBe(
      'Une date ou une heure de l’événement est illisible.',
    );
  });

  it('keeps a text that is no loaded message as it is', () => {
    expect(translateApiMessage(i18next.t, 'Something else entirely.')).toBe('Something else entirely.');
  });
});
