import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain } from './pages/catalogue';
import { type Console, openConsole, setConsoleLanguage } from './pages/console';
import { signUpMemberByApi } from './pages/member';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, newPage, screenshot, waitForMessage } from './support/browser';

/**
 * Issue 30, a complaint from end to end (English): a member files one on /user/complaints (the form sent from the
 * keyboard), is shown its reference and deadlines, and finds the acknowledgement of receipt in the development outbox;
 * a compliance operator finds it by its reference in the console's complaints queue, answers it from the template in
 * the member's language, and the case's history shows the answer; the member is emailed the answer and sees it, with
 * its outcome, in their list of complaints. axe-core on the member's page and on the console's case.
 */

let browser: Browser;
let officer: Console;
beforeAll(async () => {
  browser = await launchBrowser();
  officer = await openConsole(browser, 'complaintsOfficer');
  await fetch(`${baseUrl()}/?lng=en`).then((response) => response.text());
});
afterAll(async () => {
  await officer?.context.close();
  await browser?.close();
});

const SUBJECT = 'Certificate never arrived';

describe('a member’s complaint (en)', () => {
  it('filed → reference and acknowledgement email → answered in the console → the member sees the answer', async () => {
    const { context, page } = await newPage(browser, { locale: 'en' });
    try {
      const member = await signUpMemberByApi(page, 'en', {
        firstName: 'Mary',
        lastName: 'Cassatt',
        tag: 'complaint',
        salt: 41,
      });

      await page.goto('/user/complaints');
      const form = page.getByTestId('complaint-form');
      await form.waitFor();
      // The list has loaded, empty.
      await page.getByText('You have filed no complaint.').waitFor();
      await expectNoAxeViolations(page, '/user/complaints (en)');
      // The category from the keyboard: the select opens on Enter, the arrow moves to the first category.
      const category = page.getByRole('combobox', { name: 'What is it about?' });
      await category.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page
        .getByTestId('complaint-body')
        .fill('I bought parts a week ago and the certificate link in my email gives an error.');
      await page.getByTestId('complaint-subject').fill(SUBJECT);
      // Sent with Enter from the subject field, as a keyboard user would.
      await page.getByTestId('complaint-subject').press('Enter');

      const receipt = page.getByTestId('complaint-receipt');
      await receipt.waitFor();
      const reference = plain(await page.getByTestId('complaint-reference').textContent());
      expect(reference).toMatch(/^[A-Z0-9-]{6,}$/);
      // English long dates for the deadlines ("10 December 2026" or "December 10, 2026").
      expect(plain(await page.getByTestId('complaint-acknowledge-by').textContent())).toMatch(/20\d\d/);
      expect(plain(await page.getByTestId('complaint-answer-by').textContent())).toMatch(/[A-Z][a-z]+/);
      await page.locator('[data-testid="complaint"]').first().waitFor();
      await expectNoAxeViolations(page, '/user/complaints with a receipt (en)');
      await screenshot(page, 'complaint-receipt-en');

      // The acknowledgement of receipt, at once, naming the reference.
      const acknowledgement = await waitForMessage(member.email, (message) => message.subject.includes(reference));
      expect(acknowledgement.subject).toBe(`Your complaint ${reference} is registered`);
      expect(acknowledgement.text).toContain(`“${SUBJECT}”`);

      // The operator finds it by its reference in the queue and opens the case.
      const desk = officer.page;
      await setConsoleLanguage(desk, 'en');
      await desk.getByRole('link', { name: 'Complaints', exact: true }).click();
      await desk.getByRole('heading', { name: 'Complaints', level: 1 }).waitFor();
      // The search applies after a pause in typing and rewrites the address; a click before it would be taken back
      // to the list by it (as an operator clicking at once would be), so the journey waits for the search's answer.
      const searched = desk.waitForResponse((response) => /\/api\/admin\/complaints\?.*q=/.test(response.url()));
      await desk.getByLabel('Reference, name, email or subject').fill(reference);
      expect((await searched).status()).toBe(200);
      await desk.getByRole('link', { name: `Open ${reference}` }).click();
      await desk.getByRole('heading', { name: `${reference} · ${SUBJECT}` }).waitFor();
      await expectNoAxeViolations(desk, 'console complaint case (en)');
      await screenshot(desk, 'complaint-console-case-en');

      // The answer, from the English template (outcome "upheld" by default), sent to the member.
      await desk.getByRole('button', { name: 'Answer', exact: true }).click();
      const dialog = desk.getByRole('dialog', { name: `Answer complaint ${reference}?` });
      await dialog.waitFor();
      const message = dialog.getByLabel(/^Message to the complainant/);
      const template = await message.inputValue();
      expect(template).toContain(reference);
      await message.fill(`${template}\n\nA new certificate link is on its way.`);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.waitFor({ state: 'detached' });
      const history = desk.getByRole('table', { name: 'History' });
      await history.getByRole('cell', { name: /^Answered/ }).waitFor();
      expect(plain(await history.textContent())).toContain('A new certificate link is on its way.');
      await screenshot(desk, 'complaint-console-answered-en');

      // The member is told by email and sees the answer and its outcome on their page.
      const answer = await waitForMessage(
        member.email,
        (sent) => sent.subject.includes(reference) && sent.text.includes('A new certificate link is on its way.'),
      );
      expect(answer.subject).not.toBe(acknowledgement.subject);
      await page.goto('/user/complaints');
      const item = page.locator('[data-testid="complaint"][data-state="answered"]');
      await item.waitFor();
      expect(plain(await item.textContent())).toContain(reference);
      expect(plain(await item.getByTestId('complaint-outcome').textContent())).toMatch(/^Outcome: /);
      expect(plain(await item.getByTestId('complaint-message').last().textContent())).toContain(
        'A new certificate link is on its way.',
      );
      await expectNoAxeViolations(page, '/user/complaints answered (en)');
      await screenshot(page, 'complaint-answered-en');
      expect(officer.problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
