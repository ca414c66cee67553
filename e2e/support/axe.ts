import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.2 AA, as every journey checks it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One violation of a rule, with the selectors of the elements that break it. */
export type Violation = { id: string; impact: string; help: string; targets: string[] };

/** axe-core's browser bundle, read once per test file. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits until no finite CSS transition or animation is running (a toast growing in, a dialog fading out), at most
 * 3 s. axe computes colours as painted: a snackbar caught half-way through its fade measures as a contrast failure
 * that no visitor ever sees once it has appeared. Endless animations (progress spinners) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .every((animation) => animation.playState !== 'running'),
      null,
      { timeout: 3_000, polling: 50 },
    )
    .catch(() => undefined);
  // A data grid renders a row before its cells (MUI X's virtualisation, the console's lists): caught in between on a
  // loaded machine, axe reports a row without cells (aria-required-children) that no one ever meets. At most 3 s.
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[role="row"]')).every((row) =>
          row.querySelector('[role="gridcell"], [role="cell"], [role="columnheader"], [role="rowheader"]'),
        ),
      null,
      { timeout: 3_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** Puts axe-core into a frame once per document (a navigation clears it; the next audit puts it back). */
async function injected(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
  if (present) return;
  await frame.evaluate(AXE_SOURCE);
  await frame.evaluate(() => {
    // Frames of other origins answer the top frame's axe too (none today; the payment sandboxes are our own).
    (window as unknown as { axe: { configure(o: object): void } }).axe.configure({
      allowedOrigins: ['<unsafe_all_origins>'],
    });
  });
}

/**
 * axe-core's WCAG 2.2 AA rules on the page (or the part of it `include` selects), as axe.run in the page itself.
 * Not through @axe-core/playwright's AxeBuilder (decision 365): it injects the 560 KB bundle again into every
 * frame on every call and finishes each audit in a blank page of its own, 2.5–4.7 s against 0.5–0.8 s for the same
 * rules and the same violations on a quiet machine, which made the accessibility pass the longest of the journeys.
 */
export async function axeViolations(page: Page, include?: string): Promise<Violation[]> {
  for (const frame of page.frames()) await injected(frame);
  return page.evaluate(
    async ({ tags, selector }) => {
      type Result = {
        violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
      };
      const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<Result> } }).axe;
      const context = selector ? { include: [selector] } : document;
      // Only the violations are wanted: axe then keeps one node per passed rule instead of all of them.
      const results = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
    },
    { tags: WCAG_TAGS, selector: include ?? null },
  );
}

/** axe-core on the page once it has settled: no violation of WCAG 2.2 AA, each one named with `what` if any. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await settled(page);
  const found = (await axeViolations(page)).map((v) => `${what}: ${v.id} (${v.impact}) ${v.help} — ${v.targets[0]}`);
  expect(found).toEqual([]);
}
