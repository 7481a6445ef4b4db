/**
 * Deletions wait for their toast's Undo (D48, web/src/lib/undo.ts): the DELETE goes out when the
 * toast closes. A test that reads the server afterwards waits for that request, not for a time.
 */
import type { Page, Response } from 'playwright-core';

/** The answer to the next DELETE whose address contains `path` (start waiting before the click). */
export function deleteSent(page: Page, path: string): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && new URL(response.url()).pathname.includes(path),
  );
}
