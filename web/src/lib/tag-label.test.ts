import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import fr from '../locales/fr/common.json';
import { tagLabel, tagOptions } from './tag-label';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'fr', resources: { fr: { translation: { common: fr } } } });
const t = i18n.t;

describe('tagLabel', () => {
  it('shows the built-in tags in the interface language', () => {
    expect(['team', 'low', 'medium', 'high', 'update'].map((name) => tagLabel(t, name))).toEqual([
      'équipe',
      'basse',
      'moyenne',
      'haute',
      'mise à jour',
    ]);
  });

  it("shows a user's own tag as named, even one that looks like a key or a built-in in capitals", () => {
    expect(tagLabel(t, 'Sport')).toBe('Sport');
    expect(tagLabel(t, 'High')).toBe('High');
    expect(tagLabel(t, 'toString')).toBe('toString');
  });

  it('keeps the stored name as the value of a choice', () => {
    expect(tagOptions(t, ['high', 'Sport'])).toEqual([
      { value: 'high', label: 'haute' },
      { value: 'Sport', label: 'Sport' },
    ]);
  });
});
