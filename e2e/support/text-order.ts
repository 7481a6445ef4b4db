/** Where text is drawn on the screen: what a right-to-left page can reverse or cut. */
import type { Locator } from 'playwright-core';

/** Where a text's `first` and `second` substrings begin on the screen, left to right. */
export function drawnOrder(locator: Locator, first: string, second: string) {
  return locator.evaluate(
    (element, [a, b]) => {
      const x = (text: string) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(text);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          return range.getBoundingClientRect().left;
        }
        throw new Error(`no ${text} in ${element.textContent}`);
      };
      return x(a!) < x(b!) ? 'in order' : 'reversed';
    },
    [first, second],
  );
}
