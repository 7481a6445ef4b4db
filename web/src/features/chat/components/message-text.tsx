/** A message as plain text (never HTML), its http and https addresses as links opening apart. */
import { Fragment } from 'react';
import { linkify } from '../lib/linkify';

export function MessageText({ text }: { text: string }) {
  return linkify(text).map((piece, index) =>
    piece.kind === 'link' ? (
      <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer">
        {piece.text}
      </a>
    ) : (
      <Fragment key={index}>{piece.text}</Fragment>
    ),
  );
}
