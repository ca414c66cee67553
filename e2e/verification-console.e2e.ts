import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain } from './pages/catalogue';
import { type Console, openConsole, setConsoleLanguage } from './pages/console';
import { Operator, signUpMemberByApi } from './pages/member';
import { BuyPage, paintingOnSale } from './pages/purchase';
import { documentPhoto, VerificationPage } from './pages/verification';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, makeInvestorReady, newPage, screenshot, waitForMessage } from './support/browser';

/**
 * Issue 29, the compliance operator's side in the console (French; the member's side is verification.e2e.ts): a new
 * member sends their case from /user/verification; a compliance operator finds it in the console's queue (« Vérifications
 * »), opens it, views the front of the identity card (the view is in the audit log, read back by an admin), and asks
 * for a new document (the identity card's front picked, decision 411) with a message in the member's language; the
 * member is told by email (the document named) and sees the decision, the message, the document to send again and its
 * upload slot marked on their page. They send a new photo and the case again; the operator approves it in the console,
 * and the member, told in French, buys by card (the French journey of issue 29's "verifies, is approved, buys").
 * axe-core on the queue, the case, the viewer and the member's page.
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
  it('queue → case → document viewed (audited) → new document asked → sent again → approved → a card purchase', async () => {
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
      // The document to send again, picked among the case's (decision 411).
      await dialog.getByRole('checkbox', { name: 'Pièce d’identité (recto)' }).check();
      await dialog.getByLabel(/^Message au membre \(en français/).fill(MESSAGE);
      await dialog.getByRole('button', { name: 'Demander un complément' }).click();
      await dialog.waitFor({ state: 'detached' });
      const history = desk.getByRole('table', { name: 'Historique' });
      await history.getByText(MESSAGE).waitFor();
      await history.getByText('Redemandés\u00a0: Pièce d’identité (recto)').waitFor();

      // The member is told by email, and their page says what is asked.
      const mail = await waitForMessage(member.email, (message) => message.text.includes(MESSAGE));
      expect(plain(mail.text)).toContain(
        'Veuillez renvoyer :\n\n• Votre pièce d’identité (recto, ou page photo du passeport)',
      );
      await verification.open();
      expect(await verification.state()).toBe('resubmission_requested');
      expect(await verification.stateText()).toBe('À compléter');
      expect(plain(await page.getByTestId('verification-decision-message').textContent())).toBe(MESSAGE);
      // The document to send again listed, its slot marked, the others not; sending it again is held until then.
      const resend = page.getByTestId('verification-resend');
      expect(plain(await resend.getByTestId('verification-resend-title').textContent())).toBe('Renvoyez ce document :');
      expect(await resend.getByRole('listitem').allTextContents()).toEqual([
        'Votre pièce d’identité (recto, ou page photo du passeport)',
      ]);
      expect(await page.getByTestId('verification-identity_front-row').getAttribute('data-asked')).toBe('yes');
      expect(await page.getByTestId('verification-identity_back-row').getAttribute('data-asked')).toBe('no');
      expect(await page.getByTestId('verification-identity_front-asked').textContent()).toBe('À renvoyer');
      expect(await page.getByTestId('verification-submit').isDisabled()).toBe(true);
      await expectNoAxeViolations(page, '/user/verification, a new document asked (fr)');
      await screenshot(page, 'verification-console-member-fr');

      // The member sends a sharp photo and the case again; the operator approves it in the console.
      await verification.upload('identity_front', {
        name: 'recto-net.jpg',
        mimeType: 'image/jpeg',
        buffer: await documentPhoto('CARTE D’IDENTITÉ - RECTO'),
      });
      await verification.submit();
      expect(await verification.state()).toBe('in_review');
      await desk.reload();
      await desk.getByRole('button', { name: 'Approuver', exact: true }).click();
      const approval = desk.getByRole('dialog', { name: 'Approuver la vérification de Camille Claudel ?' });
      await approval.waitFor();
      await approval.getByRole('button', { name: 'Approuver', exact: true }).click();
      await approval.waitFor({ state: 'detached' });
      await desk
        .getByRole('table', { name: 'Historique' })
        .getByText(/En cours d’examen → Vérifiée/)
        .first()
        .waitFor();

      // Approved, told in French; with the investor's steps done through the development API, a card pays.
      await waitForMessage(member.email, (message) => message.text.includes('vérification d’identité est approuvée'));
      await verification.open();
      expect(await verification.state()).toBe('approved');
      await makeInvestorReady(member.email);
      const painting = await paintingOnSale();
      const buy = new BuyPage(page);
      await buy.fromPainting(painting.id);
      await buy.choose(9, 'Camille Claudel');
      expect(await page.getByTestId('buy-verification-step').count()).toBe(0);
      await buy.openDrawer('card');
      await buy.payByCard('4242 4242 4242 4242');
      expect(await buy.certificateNumber()).toMatch(/^PCL-/);
      expect(reviewer.problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
