/**
 * Which parts of a text a search found, for highlighting: the ranges matching any word of the
 * query, whatever their case or accents, as the help centre's search (D35) finds them — "reunion"
 * marks "réunion" whole, accent included, because matching runs on a folded copy whose positions
 * map back to the original text.
 */
import { foldText } from '@cadence/contract';

export interface TextPart {
  text: string;
  match: boolean;
}

/** Lower case without accents, as the server folds (the contract's `foldText`). */
export const fold = foldText;

/** The words of a search, folded, as the server splits them; none for a blank one. */
export function searchWords(query: string | null | undefined): string[] {
  return query
    ? fold(query)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
    : [];
}

/**
 * The text folded character by character, with, for each folded code unit, the range of the
 * original character it came from (a character may fold to nothing, one or several units).
 */
function foldWithPositions(text: string) {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = fold(char);
    for (let unit = 0; unit < piece.length; unit++) {
      starts.push(index);
      ends.push(index + char.length);
    }
    folded += piece;
    index += char.length;
  }
  return { folded, starts, ends };
}

/** Every place each word occurs in the folded text, overlaps included, as merged [start, end) ranges. */
function foldedRanges(folded: string, words: string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      ranges.push([at, at + word.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** The text cut into the parts that match a word of the query and the parts between them. */
export function highlightParts(text: string, query: string | null | undefined): TextPart[] {
  const words = searchWords(query);
  if (words.length === 0 || text === '') return text === '' ? [] : [{ text, match: false }];
  const { folded, starts, ends } = foldWithPositions(text);
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const [from, to] of foldedRanges(folded, words)) {
    const start = Math.max(starts[from]!, cursor);
    let end = ends[to - 1]!;
    // Combining marks written apart ("e" + U+0301) fold to nothing: keep them with their letter.
    while (end < text.length && /\p{M}/u.test(text[end]!)) end++;
    if (end <= start) continue;
    if (start > cursor) parts.push({ text: text.slice(cursor, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), match: false });
  return parts;
}
