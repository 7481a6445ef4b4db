import { describe, expect, it } from 'vitest';
import { highlightParts, searchWords } from './highlight';

/** The parts as a string with the matches in brackets, easier to read than the objects. */
const marked = (text: string, query: string | null | undefined) =>
  highlightParts(text, query)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('');

describe('searchWords', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(searchWords('  Réunion, ÉQUIPE-2 ')).toEqual(['reunion', 'equipe', '2']);
  });

  it('has no words for a blank or missing query', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords(' ,; ')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords(null)).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('marks an accented word, accent included, for a query without accents', () => {
    expect(marked('Préparer une réunion', 'reunion')).toBe('Préparer une [réunion]');
    expect(highlightParts('Préparer une réunion', 'reunion')).toEqual([
      { text: 'Préparer une ', match: false },
      { text: 'réunion', match: true },
    ]);
  });

  it('marks an unaccented word for an accented query, whatever the case', () => {
    expect(marked('REUNION weekly', 'Réunion')).toBe('[REUNION] weekly');
  });

  it('keeps combining marks written apart with their letter', () => {
    const decomposed = 'Une re\u0301union'; // "réunion" with the accent as its own code point
    expect(marked(decomposed, 'reunion')).toBe('Une [re\u0301union]');
  });

  it('marks every occurrence of every word, inside longer words too', () => {
    expect(marked('Plan the plan: planning and goals', 'plan goal')).toBe(
      '[Plan] the [plan]: [plan]ning and [goal]s',
    );
  });

  it('merges overlapping and touching words into one mark', () => {
    expect(marked('Meetings', 'meet ting')).toBe('[Meeting]s');
    expect(marked('abcdef', 'abc def')).toBe('[abcdef]');
    expect(marked('aaa', 'aa')).toBe('[aaa]');
  });

  it('marks nothing when the query is empty or absent, or when nothing matches', () => {
    expect(highlightParts('A calendar', '')).toEqual([{ text: 'A calendar', match: false }]);
    expect(highlightParts('A calendar', undefined)).toEqual([{ text: 'A calendar', match: false }]);
    expect(highlightParts('A calendar', 'billing')).toEqual([{ text: 'A calendar', match: false }]);
    expect(highlightParts('', 'billing')).toEqual([]);
  });

  it('maps positions back past characters that fold to more than one unit', () => {
    // "İ" folds to "i": the text after it keeps its place.
    expect(marked('İstanbul straße', 'stanbul strasse straße')).toBe('İ[stanbul] [straße]');
  });
});
