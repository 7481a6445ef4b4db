/** axe-core's findings on a page, for the accessibility checks of the browser tests. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown }>;
}

/**
 * Resolves once the page's transitions are over (a dialog fading in, a drawer sliding, a toast
 * leaving): what a person sees still, and where a click lands where it was aimed.
 */
export async function transitionsOver(page: Page): Promise<void> {
  // Mantine starts a transition two frames after the element mounts: let those frames pass first.
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      ),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * axe-core's serious and critical violations, one line each, once transitions (a dialog fading in,
 * a drawer sliding, a toast leaving) are over: colours measured mid-fade are not the page's.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await transitionsOver(page);
  // Evaluated through the DevTools protocol, so the page's CSP does not apply; once a document.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: { resultTypes: string[]; rules: Record<string, { enabled: boolean }> },
          ) => Promise<{ violations: Violation[] }>;
          _audit?: { rules?: Array<{ id: string; impact?: string }> };
        };
      }
    ).axe;
    // A rule with an impact of its own gives that impact to every violation it finds (axe-core 4:
    // finalizeRuleResult), so the rules whose impact is minor or moderate can find nothing that is
    // read here: they are not run (a fifth to a third of axe's time on the demo's pages).
    const unread = (axe._audit?.rules ?? []).filter(
      (rule) => rule.impact === 'minor' || rule.impact === 'moderate',
    );
    // Only the violations are read: axe then skips the details of what passed (faster).
    return (
      await axe.run(document, {
        resultTypes: ['violations'],
        rules: Object.fromEntries(unread.map((rule) => [rule.id, { enabled: false }])),
      })
    ).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}
