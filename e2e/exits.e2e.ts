import { INVESTOR_WARNINGS } from '@parcelle/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language, NewMember } from './pages/auth';
import { HistoryPage, Operator, paintingsOnSale, signUpMemberByApi } from './pages/member';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { journeyLanguages } from './support/languages';

/**
 * Issue 17, an exit vote that passes and pays out, in English (support/languages.ts; E2E_LANGUAGES=en,fr for both): a
 * member buys every part left of a work on sale (it moves to the secondary market); the finance operator records a
 * buyer's offer for the work and the buyer's funds received, a second finance operator approves it (four eyes), and
 * the first opens the vote; the member votes to accept on the vote card of their portfolio
 * (axe-checked); as soon as the window has closed the operator resolves the vote: the work is sold, its holders paid.
 * The member sees the exit, its proceeds and the realised return in their history, and the public page of past exits
 * lists it.
 */

const CARD = '4242424242424242';
/**
 * The vote's window: long enough that the member votes in the browser however loaded the machine is. Once the vote is
 * recorded the development route ends the window (decision 377) and the operator resolves at once: no race against
 * the clock, no wait.
 */
const WINDOW_MS = 30 * 60_000;

let browser: Browser;
let operator: Operator;
/** The second finance operator: approves the offer (four eyes, issue 26). */
let approver: Operator;

const words = {
  en: {
    card: /^Exit vote: /,
    accept: 'Accept the offer',
    recorded: 'Your vote is recorded.',
    returnText: /Realised return: /,
    pastTitle: 'Past exits',
  },
  fr: {
    card: /^Vote de sortie\s: /,
    accept: 'Accepter l’offre',
    recorded: 'Votre vote est enregistré.',
    returnText: /Rendement réalisé\s: /,
    pastTitle: 'Sorties passées',
  },
} as const;

beforeAll(async () => {
  browser = await launchBrowser();
  operator = await Operator.signIn('exitsOperator');
  approver = await Operator.signIn('exitsApprover');
});
afterAll(async () => {
  await browser?.close();
});

function signUp(page: Page, language: Language, salt: number): Promise<NewMember> {
  return signUpMemberByApi(page, language, {
    firstName: language === 'fr' ? 'Eva' : 'Mary',
    lastName: language === 'fr' ? 'Gonzalès' : 'Fedden',
    tag: 'exits',
    salt,
  });
}

async function memberCall<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: T };
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(200);
  return answer.data;
}

for (const language of journeyLanguages('en')) {
  describe(`an exit vote that passes (${language})`, () => {
    it('is voted on the portfolio, resolved by the operator, paid, and shown in the history and on /exits', async () => {
      const { page, context } = await newPage(browser, { locale: language });
      await signUp(page, language, language === 'en' ? 7100 : 7101);
      const token = await page.evaluate(() => window.localStorage.getItem('token'));
      expect(token).toBeTruthy();

      // The member buys every part left of the work on sale with the fewest left: the work moves to the secondary market.
      const [work] = await paintingsOnSale();
      if (!work) throw new Error('no work on sale');
      // Issue 30: the member reads and acknowledges the work's key information document first, as the drawer asks.
      const kid = await memberCall<{ version_id: string }>(String(token), 'GET', `/user/key-information/${work.id}`);
      await memberCall(String(token), 'POST', `/user/key-information/${work.id}/acknowledge`, {
        version_id: kid.version_id,
        language: 'en',
      });
      const purchase = await memberCall<{ payment_client_secret: string }>(
        String(token),
        'POST',
        '/paintings/purchase',
        {
          total_part: work.left,
          payment_method: 'card',
          painting_id: work.id,
          owner: 'Exit Journey',
          currency: 'EURO',
          // Every part left is more than the member's threshold: the per-investment warning read and confirmed, as
          // the drawer asks (issue 30).
          risk_warning_consent: { version: INVESTOR_WARNINGS.investment_warning.version, language: 'en' },
        },
      );
      await memberCall(String(token), 'POST', '/payments/sandbox/card/confirm', {
        client_secret: purchase.payment_client_secret,
        card_number: CARD,
      });

      // The operator records the offer (quorum: any part, so the seeded co-owners who do not vote do not block it).
      const closes = Date.now() + WINDOW_MS;
      const offer = await operator.call<{ id: string; reference: string }>('POST', '/admin/exits', {
        painting_id: work.id,
        buyer_name: language === 'fr' ? 'Musée d’Orsay' : 'Art Institute',
        amount_minor: 123_456_789,
        currency: 'EURO',
        vote_closes_at: new Date(closes).toISOString(),
        quorum_bps: 1,
      });
      // The buyer's money arrives and is recorded; a second operator approves the offer, far above the appraisal.
      await operator.call('POST', `/admin/exits/${offer.id}/funds`, {
        amount_minor: 123_456_789,
        bank_reference: `E2E-${language}`,
      });
      const approved = await approver.call<{ appraisal_flagged: boolean; flag_acknowledged: boolean }>(
        'POST',
        `/admin/exits/${offer.id}/approve`,
        { acknowledge_appraisal_flag: true },
      );
      expect(approved).toMatchObject({ appraisal_flagged: true, flag_acknowledged: true });
      const opened = await operator.call<{ status: string }>('POST', `/admin/exits/${offer.id}/open`);
      expect(opened.status).toBe('voting');

      // The member votes on the card of their portfolio.
      await page.goto(`/user/portfolio?lng=${language}`);
      const card = page
        .getByTestId('exit-vote-card')
        .filter({ has: page.getByRole('heading', { name: words[language].card }) });
      await card.first().waitFor();
      await card.first().getByRole('button', { name: words[language].accept }).focus();
      await page.keyboard.press('Enter');
      await card.first().getByText(words[language].recorded).waitFor();
      expect(
        await card.first().getByRole('button', { name: words[language].accept }).getAttribute('aria-pressed'),
      ).toBe('true');
      // While the window runs out: the portfolio with the vote card, the vote recorded.
      await expectNoAxeViolations(page, `portfolio with an exit vote (${language})`);

      // The window ends (development time travel, decision 377); the operator resolves: accepted, the work is sold
      // and its holders paid.
      const ended = await fetch(`${baseUrl()}/api/dev/exits/${offer.id}/end-vote`, { method: 'POST' });
      expect(ended.status).toBe(200);
      const resolved = await operator.call<{ status: string }>('POST', `/admin/exits/${offer.id}/resolve`);
      expect(resolved.status).toBe('accepted');
      const portfolio = await memberCall<{ total_credit: { value: number } }[]>(
        String(token),
        'GET',
        '/member/portfolio?currency=EURO',
      );
      expect(portfolio[0]?.total_credit.value).toBeGreaterThan(0);

      // The holder's history shows the exit with the realised return.
      const history = new HistoryPage(page);
      await history.open(language, 'artwork');
      const item = page.locator(`[data-testid="artwork-item"][data-painting-id="${work.id}"]`);
      await item.waitFor();
      const event = item.locator(`[data-testid="artwork-event"][data-reference="${offer.reference}"]`);
      await event.waitFor();
      expect(await event.getByTestId('realised-return').textContent()).toMatch(words[language].returnText);
      await expectNoAxeViolations(page, `history with an exit (${language})`);

      // The public record of past exits lists it.
      await page.goto(`/exits?lng=${language}`);
      await page.getByRole('heading', { level: 1, name: words[language].pastTitle }).waitFor();
      await page.locator(`[data-testid="past-exit"][data-reference="${offer.reference}"]`).waitFor();
      // A document drawn without MUI (decision 580): no MUI or emotion class, the exit's picture included.
      expect(await page.locator('[class*="css-"], [class*="Mui"]').count()).toBe(0);
      await expectNoAxeViolations(page, `past exits (${language})`);
      await context.close();
    });
  });
}
