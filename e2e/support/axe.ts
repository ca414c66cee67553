import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.2 AA, as every journey checks it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

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
}

/** axe-core on the page once it has settled: no violation of WCAG 2.2 AA, each one named with `what` if any. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes[0]?.target}`);
  expect(found).toEqual([]);
}
