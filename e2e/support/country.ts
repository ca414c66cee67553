import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks a country in a `CountryField` (MUI's Autocomplete, its search debounced 250 ms): types the name, waits until
 * the list has been narrowed by the search, picks the country and waits for the list to close. Before the search
 * applies, the list shows every country and re-renders under the pointer when it narrows: a click then could miss,
 * the field stayed empty and the form refused it (CI, 30 November: `/register` once, the verification's birth
 * country once).
 */
export async function chooseCountry(page: Page, testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).fill(name);
  const list = page.getByRole('listbox');
  await expect.poll(() => list.getByRole('option').count(), { timeout: 10_000 }).toBeLessThan(20);
  await list.getByRole('option', { name, exact: true }).click();
  await list.waitFor({ state: 'hidden' });
}
