/**
 * A chat message is plain text (D37): it is shown as text, never as HTML, and only its `http://`
 * and `https://` addresses become links. Anything else that looks like an address (`javascript:`,
 * `data:`, `mailto:`, `ftp:`) stays text.
 */

export type MessagePiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An address starting a word: not glued to a letter or digit before it ("xhttps://" is no link). */
const candidates = /(?<![\p{L}\p{N}_])https?:\/\/[^\s<>"]+/giu;

/** Punctuation that ends a sentence rather than the address ("see https://example.com."). */
const trailingPunctuation = /[.,;:!?'*»”’"]$/u;

const closers: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/** The address without the punctuation that follows it; a bracket stays when the address opened it. */
function trimEnd(address: string): string {
  let trimmed = address;
  for (;;) {
    const last = trimmed.at(-1) ?? '';
    const opener = closers[last];
    if (trailingPunctuation.test(last)) trimmed = trimmed.slice(0, -1);
    else if (opener !== undefined && count(trimmed, last) > count(trimmed, opener))
      trimmed = trimmed.slice(0, -1);
    else return trimmed;
  }
}

/** The address if it is a well-formed http or https URL with a host. */
function webAddress(address: string): string | undefined {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
      ? address
      : undefined;
  } catch {
    return undefined;
  }
}

/** The message cut into its text and its web addresses, in order; the text keeps its line breaks. */
export function linkify(message: string): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let cursor = 0;
  for (const match of message.matchAll(candidates)) {
    const address = trimEnd(match[0]);
    const href = webAddress(address);
    if (href === undefined) continue;
    if (match.index > cursor) pieces.push({ kind: 'text', text: message.slice(cursor, match.index) });
    pieces.push({ kind: 'link', text: address, href });
    cursor = match.index + address.length;
  }
  if (cursor < message.length) pieces.push({ kind: 'text', text: message.slice(cursor) });
  return pieces;
}
