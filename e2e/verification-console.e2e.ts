import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain } from './pages/catalogue';
import { type Console, openConsole, setConsoleLanguage } from './pages/console';
import { Operator, signUpMemberByApi } from './pages/member';
import { VerificationPage } from './pages/verification';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, newPage, screenshot, waitForMessage } from './support/browser';

/**
 * Issue 29, the compliance operator's side in the console (French; the member's side is verification.e2e.ts): a new
 * member sends their case from /user/verification; a compliance operator finds it in the console's queue (« Vérifications
 * »), opens it, views the front of the identity card (the view is in the audit log, read back by an admin), and asks
 * for a new document with a message in the member's language; the member is told by email and sees the decision and
 * the message on their page. axe-core on the queue, the case, the viewer and the member's page.
 */

let browser: Browser;
let reviewer: Console;
beforeAll(async () => {
  browser = await launchBrowser();
  reviewer = await openConsole(browser, 'verificationReviewer');
  await fetch(`${baseUrl()}/?lng=fr`).then((response) => response.text());
});
afterAll(async () => {
  await reviewer?.context.close();
  await browser?.close();
});

const MESSAGE = 'La photo du recto est floue : envoyez-en une nouvelle, bien nette.';

describe('a compliance operator decides a case in the console (fr)', () => {
  it('queue → case → document viewed (audited) → new document asked → the member sees it', async () => {
    const { context, page } = await newPage(browser, { locale: 'fr' });
    try {
      const member = await signUpMemberByApi(
        page,
        'fr',
        { firstName: 'Camille', lastName: 'Claudel', tag: 'verification-console', salt: 47 },
        { approved: false },
      );
      const verification = new VerificationPage(page);
      await verification.open();
      await verification.sendCase(
        {
          firstName: 'Camille',
          lastName: 'Claudel',
          birthDate: '1984-12-08',
          birthPlace: 'Fère-en-Tardenois',
          birthCountry: 'France',
          nationality: 'France',
          line1: '19 quai de Bourbon',
          postalCode: '75004',
          city: 'Paris',
          country: 'France',
          taxResidence: 'France',
          occupation: 'Sculptrice',
          expectedEuros: '3000',
          document: 'id_card',
        },
        'Camille Claudel',
      );
      expect(await verification.state()).toBe('in_review');

      // The queue, in French: the case found by the member's email.
      const desk = reviewer.page;
      await setConsoleLanguage(desk, 'fr');
      await desk.getByRole('link', { name: 'Vérifications', exact: true }).click();
      await desk.getByRole('heading', { name: 'Vérifications', level: 1 }).waitFor();
      // The search's answer first: a click before the search applies would be taken back to the list by it.
      const searched = desk.waitForResponse((response) => /\/api\/admin\/verifications\?.*q=/.test(response.url()));
      await desk.getByLabel('Nom, e-mail ou identifiant').fill(member.email);
      expect((await searched).status()).toBe(200);
      const open = desk.getByRole('link', { name: 'Ouvrir Camille Claudel' });
      await open.waitFor();
      await expectNoAxeViolations(desk, 'console verifications queue (fr)');
      await screenshot(desk, 'verification-console-queue-fr');
      await open.click();
      await desk.waitForURL(/\/admin\/verifications\/[^/?]+$/);
      const caseId = new URL(desk.url()).pathname.split('/').pop() ?? '';
      await desk.getByRole('heading', { name: 'Documents' }).waitFor();
      await expectNoAxeViolations(desk, 'console verification case (fr)');
      await screenshot(desk, 'verification-console-case-fr');

      // The front of the identity card, fetched with the operator's session into the viewer.
      const fetched = desk.waitForResponse((response) =>
        new RegExp(`/api/admin/verifications/${caseId}/documents/`).test(response.url()),
      );
      await desk.getByRole('button', { name: 'Voir Pièce d’identité (recto)' }).click();
      expect((await fetched).status()).toBe(200);
      const viewer = desk.getByRole('dialog', { name: 'Pièce d’identité (recto) de Camille Claudel' });
      await viewer.getByRole('img').waitFor();
      await expectNoAxeViolations(desk, 'console document viewer (fr)');
      await screenshot(desk, 'verification-console-document-fr');
      // Closed from the keyboard.
      await desk.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });

      // The view is in the audit log, with the document's kind.
      const auditor = await Operator.signIn('auditor');
      const { entries } = await auditor.call<{
        entries: { action: string; target_id: string; details: { kind?: string } }[];
      }>('GET', `/admin/audit?action=verification.document_view&target_id=${caseId}&limit=20&offset=0`);
      expect(entries.map((entry) => entry.details.kind)).toEqual(['identity_front']);

      // A new document asked for, with a message in the member's language.
      await desk.getByRole('button', { name: 'Demander un complément', exact: true }).click();
      const dialog = desk.getByRole('dialog', { name: 'Demander un complément à Camille Claudel ?' });
      await dialog.waitFor();
      await dialog.getByLabel(/^Message au membre \(en français/).fill(MESSAGE);
      await dialog.getByRole('button', { name: 'Demander un complément' }).click();
      await dialog.waitFor({ state: 'detached' });
      const history = desk.getByRole('table', { name: 'Historique' });
      await history.getByText(MESSAGE).waitFor();

      // The member is told by email, and their page says what is asked.
      await waitForMessage(member.email, (message) => message.text.includes(MESSAGE));
      await verification.open();
      expect(await verification.state()).toBe('resubmission_requested');
      expect(await verification.stateText()).toBe('À compléter');
      expect(plain(await page.getByTestId('verification-decision-message').textContent())).toBe(MESSAGE);
      await expectNoAxeViolations(page, '/user/verification, a new document asked (fr)');
      await screenshot(page, 'verification-console-member-fr');
      expect(reviewer.problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
