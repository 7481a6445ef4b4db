import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

/** The pieces as a string with the links in brackets, easier to read than the objects. */
const marked = (message: string) =>
  linkify(message)
    .map((piece) => (piece.kind === 'link' ? `[${piece.href}]` : piece.text))
    .join('');

const links = (message: string) =>
  linkify(message).flatMap((piece) => (piece.kind === 'link' ? [piece.href] : []));

describe('linkify', () => {
  it('keeps plain text as one piece, line breaks included', () => {
    expect(linkify('Hello\nsee you at 5')).toEqual([{ kind: 'text', text: 'Hello\nsee you at 5' }]);
    expect(linkify('')).toEqual([]);
  });

  it('turns http and https addresses into links, whatever their case', () => {
    expect(linkify('Look: https://example.com')).toEqual([
      { kind: 'text', text: 'Look: ' },
      { kind: 'link', text: 'https://example.com', href: 'https://example.com' },
    ]);
    expect(marked('http://example.org/a?b=1#c and HTTPS://Example.com/X')).toBe(
      '[http://example.org/a?b=1#c] and [HTTPS://Example.com/X]',
    );
  });

  it('finds several addresses, across lines', () => {
    expect(marked('one https://a.example\ntwo http://b.example/path')).toBe(
      'one [https://a.example]\ntwo [http://b.example/path]',
    );
  });

  it('leaves the punctuation that ends a sentence out of the link', () => {
    expect(marked('See https://example.com.')).toBe('See [https://example.com].');
    expect(marked('(at https://example.com/docs), or "https://example.com/x"!')).toBe(
      '(at [https://example.com/docs]), or "[https://example.com/x]"!',
    );
    expect(marked('Is it https://example.com/?q=1?')).toBe('Is it [https://example.com/?q=1]?');
  });

  it('keeps a closing bracket the address opened', () => {
    expect(links('https://en.wikipedia.org/wiki/Cadence_(music)')).toEqual([
      'https://en.wikipedia.org/wiki/Cadence_(music)',
    ]);
    expect(marked('(https://en.wikipedia.org/wiki/Cadence_(music))')).toBe(
      '([https://en.wikipedia.org/wiki/Cadence_(music)])',
    );
  });

  it('stops at spaces, angle brackets and double quotes', () => {
    expect(marked('<https://example.com>')).toBe('<[https://example.com]>');
    expect(marked('a https://example.com/"onmouseover="x b')).toBe(
      'a [https://example.com/]"onmouseover="x b',
    );
  });

  it('keeps any other scheme as text', () => {
    for (const message of [
      'javascript:alert(1)',
      'JavaScript://%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:someone@example.com',
      'ftp://example.com/file',
      'file:///etc/passwd',
      'www.example.com',
    ]) {
      expect(linkify(message), message).toEqual([{ kind: 'text', text: message }]);
    }
  });

  it('links no address glued to a word before it, and none without a host', () => {
    expect(links('xhttps://example.com')).toEqual([]);
    expect(links('javascript:https://example.com')).toEqual(['https://example.com']);
    expect(linkify('https:// and http://')).toEqual([{ kind: 'text', text: 'https:// and http://' }]);
  });
});
