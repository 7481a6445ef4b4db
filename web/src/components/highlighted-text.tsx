/** A text with the words of a search marked (lib/highlight.ts: case and accents ignored). */
import { Mark } from '@mantine/core';
import { highlightParts } from '../lib/highlight';

export function HighlightedText({ text, query }: { text: string; query: string | null | undefined }) {
  return highlightParts(text, query).map((part, index) =>
    part.match ? (
      <Mark key={index} data-testid="highlight">
        {part.text}
      </Mark>
    ) : (
      part.text
    ),
  );
}
