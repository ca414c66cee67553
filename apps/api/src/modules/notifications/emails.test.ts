import { randomUUID } from 'node:crypto';
import { type Language, notificationText } from '@parcelle/shared';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../adapters/mail/smtp';
import { complaintMessageEmail, complaintOperatorCopyEmail, complaintReceiptEmail } from '../complaints/emails';
import { annualStatementEmail } from '../member/annual-statement-jobs';
import { accountChangeCodeEmail, accountChangedEmail, twoFactorChangedEmail } from './account-change';
import { POSTAL_ADDRESS, type Rendered } from './email-layout';
import {
  CODE_SUBJECT,
  contactOperatorEmail,
  latePaymentRefundedEmail,
  newsletterConfirmEmail,
  newsletterWelcomeEmail,
  notificationEmail,
  operatorInviteEmail,
  partsSoldEmail,
  passwordChangedEmail,
  passwordResetEmail,
  purchaseConfirmationEmail,
  purchaseRevokedEmail,
  quickSignUpEmail,
  signUpAttemptEmail,
  verificationCodeEmail,
  walletCodeEmail,
} from './emails';

/**
 * Issue 31: every email the platform sends, in both languages, in the one designed layout — an HTML part and a
 * plain-text part saying the same thing, the member's language on the page, every value escaped, codes in the body
 * and never in the subject. A name and a title carrying markup prove the escaping.
 */
const NAME = 'Zoé <script>alert(1)</script> & Co';
const TITLE = 'Nu <b>bleu</b> & "rose"';
const CODE = '482913';
const LINK = 'https://parcelle.test/reset-password/tok_3f9a?next=a&b=c';
const contacts = {
  email: 'complaints@parcelle.test',
  postalAddress: '10 rue de la Paix, 75002 Paris',
  mediator: 'https://mediateur.test',
};

type Case = {
  name: string;
  render: (lang: Language) => Rendered;
  /** The one-time code the email carries (body only). */
  code?: string;
  /** The link the email's button or text must carry in both parts. */
  link?: string;
  /** A value with markup that the email interpolates. */
  unsafe?: string;
  /** Internal emails are written in English whatever the language. */
  englishOnly?: boolean;
};

const CASES: Case[] = [
  {
    name: 'sign-up / email verification code',
    render: (lang) => verificationCodeEmail(lang, { firstName: NAME, code: CODE }),
    code: CODE,
    unsafe: NAME,
  },
  {
    name: 'account change (email, phone, payout) code',
    render: (lang) => accountChangeCodeEmail(lang, { firstName: NAME, code: CODE }),
    code: CODE,
    unsafe: NAME,
  },
  {
    name: 'wallet payment code',
    render: (lang) => walletCodeEmail(lang, { firstName: NAME, code: CODE }),
    code: CODE,
    unsafe: NAME,
  },
  {
    name: 'password reset',
    render: (lang) => passwordResetEmail(lang, { firstName: NAME, link: LINK }),
    link: LINK,
    unsafe: NAME,
  },
  { name: 'password changed', render: (lang) => passwordChangedEmail(lang, { firstName: NAME }), unsafe: NAME },
  {
    name: 'quick sign-up: choose a password',
    render: (lang) => quickSignUpEmail(lang, { firstName: NAME, setPasswordUrl: LINK }),
    link: LINK,
    unsafe: NAME,
  },
  {
    name: 'sign-up attempt with a taken address',
    render: (lang) =>
      signUpAttemptEmail(lang, { firstName: NAME, signInUrl: LINK, resetUrl: 'https://parcelle.test/forgot' }),
    link: LINK,
    unsafe: NAME,
  },
  {
    name: 'operator invitation',
    render: (lang) =>
      operatorInviteEmail(lang, { firstName: NAME, setPasswordUrl: LINK, consoleUrl: 'https://parcelle.test/admin' }),
    link: LINK,
    unsafe: NAME,
  },
  {
    name: 'contact form to the operators',
    render: () =>
      contactOperatorEmail({
        firstName: NAME,
        lastName: 'Martin',
        email: 'zoe@example.com',
        phone: '0612345678',
        object: 'Visite',
        message: 'Bonjour.\n\nUne question <img src=x onerror=alert(1)>.',
      }),
    unsafe: NAME,
    englishOnly: true,
  },
  {
    name: 'newsletter confirmation',
    render: (lang) => newsletterConfirmEmail(lang, { link: LINK }),
    link: LINK,
  },
  {
    name: 'newsletter welcome',
    render: (lang) => newsletterWelcomeEmail(lang, { unsubscribeLink: LINK, token: 'tok_abc' }),
    link: LINK,
  },
  {
    name: 'purchase confirmation with the revocation link',
    render: (lang) =>
      purchaseConfirmationEmail(lang, {
        firstName: NAME,
        reference: 'P-2026-0042',
        paintingTitle: TITLE,
        parts: '3 parts',
        total: '750,00 €',
        holder: NAME,
        certificateNumber: 'C-0042',
        verifyUrl: 'https://parcelle.test/certificates/C-0042',
        revocation: { until: '8 December 2026, 14:00', url: LINK },
      }),
    link: LINK,
    unsafe: TITLE,
  },
  {
    name: 'purchase revoked',
    render: (lang) =>
      purchaseRevokedEmail(lang, {
        firstName: NAME,
        reference: 'P-1',
        paintingTitle: TITLE,
        parts: '3 parts',
        amount: '750,00 €',
        refundTo: 'card',
      }),
    unsafe: TITLE,
  },
  {
    name: 'parts sold on the secondary market',
    render: (lang) => partsSoldEmail(lang, { firstName: NAME, paintingTitle: TITLE, parts: '2 parts', amount: '5 €' }),
    unsafe: TITLE,
  },
  {
    name: 'late payment refunded',
    render: (lang) =>
      latePaymentRefundedEmail(lang, {
        firstName: NAME,
        reference: 'P-1',
        paintingTitle: TITLE,
        parts: '1 part',
        amount: '250 €',
        method: 'paypal',
      }),
    unsafe: TITLE,
  },
  {
    name: 'details changed, with the freeze link',
    render: (lang) => accountChangedEmail(lang, { firstName: NAME, change: 'bank', freezeLink: LINK, holdHours: 48 }),
    link: LINK,
    unsafe: NAME,
  },
  {
    name: 'two-step verification turned on',
    render: (lang) => twoFactorChangedEmail(lang, { firstName: NAME, enabled: true }),
    unsafe: NAME,
  },
  {
    name: 'annual statement',
    render: (lang) =>
      annualStatementEmail(lang, { firstName: NAME, year: 2025, works: 2, total: '1 200 €', link: LINK }),
    link: LINK,
    unsafe: NAME,
  },
  {
    name: 'complaint acknowledgement of receipt',
    render: (lang) =>
      complaintReceiptEmail(lang, {
        name: NAME,
        reference: 'RC-2026-0007',
        subject: TITLE,
        receivedAt: new Date('2026-11-20T10:00:00Z'),
        acknowledgeDueOn: '2026-11-30',
        answerDueOn: '2027-01-19',
        link: LINK,
        contacts,
      }),
    link: LINK,
    unsafe: NAME,
  },
  {
    name: 'complaint answer',
    render: (lang) =>
      complaintMessageEmail(lang, {
        reference: 'RC-2026-0007',
        state: 'answered',
        outcome: 'upheld',
        message: `Réponse pour ${NAME}.\n\nDeuxième paragraphe.`,
        link: LINK,
        contacts,
      }),
    link: LINK,
    unsafe: NAME,
  },
  {
    name: 'complaint copied to the complaints mailbox',
    render: () =>
      complaintOperatorCopyEmail({
        reference: 'RC-2026-0007',
        name: NAME,
        email: 'zoe@example.com',
        member: true,
        category: 'service',
        subject: TITLE,
        body: 'Texte.',
        acknowledgeDueOn: '2026-11-30',
        answerDueOn: '2027-01-19',
      }),
    unsafe: NAME,
    englishOnly: true,
  },
  // Notifications (withdrawal approved, exit paid, vote closed…) share one template: a few kinds stand for all.
  ...(
    [
      {
        kind: 'withdrawal_approved',
        payload: { withdrawal_id: randomUUID(), reference: 'W-1', amount_minor: 2550, currency: 'EURO' },
      },
      {
        kind: 'exit_paid',
        payload: {
          vote_id: randomUUID(),
          painting_id: randomUUID(),
          parts: 1,
          amount_minor: 123_456,
          currency: 'EURO',
        },
      },
      { kind: 'vote_closed', payload: { vote_id: randomUUID(), painting_id: randomUUID(), outcome: 'accepted' } },
    ] as const
  ).map(
    (content): Case => ({
      name: `notification: ${content.kind}`,
      render: (lang) =>
        notificationEmail(lang, {
          firstName: NAME,
          text: notificationText(lang, content, TITLE),
          link: 'https://parcelle.test/user/notifications',
        }),
      link: 'https://parcelle.test/user/notifications',
      unsafe: NAME,
    }),
  ),
];

const escaped = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe.each(CASES)('$name', (email) => {
  it.each(['en', 'fr'] as const)(
    'in %s: a designed HTML part and the same text, escaped, no code in the subject',
    (lang) => {
      const mail = email.render(lang);
      const htmlLang = email.englishOnly ? 'en' : lang;

      // The HTML part: one document, the language on the page, table layout marked as presentation, inline CSS only.
      expect(mail.html.startsWith('<!doctype html>')).toBe(true);
      expect(mail.html).toContain(`<html lang="${htmlLang}"`);
      const tables = mail.html.match(/<table\b[^>]*>/g) ?? [];
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables) expect(table).toContain('role="presentation"');
      expect(mail.html).toContain('max-width:600px');
      expect(mail.html).not.toMatch(/<style|<link|<img|<script|class=/);
      expect(mail.html).toContain('>Parcelle</td>');
      expect(mail.html).toContain(escaped(POSTAL_ADDRESS));

      // The plain-text part: words, not markup, with the same footer.
      expect(mail.text).not.toMatch(/<(p|table|td|a|html)\b/);
      expect(mail.text).toContain(POSTAL_ADDRESS);
      expect(mail.text).toContain(
        email.englishOnly ? 'Sent to the Parcelle team' : lang === 'fr' ? 'Vous recevez' : 'You receive',
      );

      // Every interpolated value escaped in HTML, as written in the text.
      if (email.unsafe) {
        expect(mail.text).toContain(email.unsafe);
        expect(mail.html).toContain(escaped(email.unsafe));
        expect(mail.html).not.toContain(email.unsafe);
      }
      expect(mail.html).not.toMatch(/<script|<b>|<img src=x/);

      // A link in both parts, as the button's target in HTML.
      if (email.link) {
        expect(mail.text).toContain(email.link);
        expect(mail.html).toContain(`href="${escaped(email.link)}"`);
      }

      // A code: large in the body of both parts, never in the subject.
      if (email.code) {
        expect(mail.subject).toBe(CODE_SUBJECT[lang]);
        expect(mail.text).toMatch(new RegExp(`^ *${email.code}$`, 'm'));
        expect(/\b(\d{6})\b/.exec(mail.text)?.[1]).toBe(email.code);
        expect(mail.html).toMatch(new RegExp(`font-size:34px[^>]*>${email.code}</td>`));
      }
      expect(mail.subject).not.toMatch(/\b\d{6}\b/);
    },
  );
});

describe('the two languages', () => {
  it('says the same thing in French and in English, with French subjects for French members', () => {
    for (const email of CASES.filter((c) => !c.englishOnly)) {
      const en = email.render('en');
      const fr = email.render('fr');
      expect(fr.subject, email.name).not.toBe(en.subject);
      expect(fr.text, email.name).toContain('Parcelle');
      expect(fr.html, email.name).toContain('<html lang="fr"');
    }
    expect(verificationCodeEmail('fr', { firstName: 'Zoé', code: CODE }).subject).toBe('Votre code Parcelle');
    expect(verificationCodeEmail('en', { firstName: 'Zoé', code: CODE }).subject).toBe('Your Parcelle code');
  });
});

describe('the purchase confirmation', () => {
  it("closes the holder's sentence with one full stop, also when the name ends with one", () => {
    for (const lang of ['en', 'fr'] as const) {
      const text = (holder: string) =>
        purchaseConfirmationEmail(lang, {
          firstName: NAME,
          reference: 'P-1',
          paintingTitle: 'Nymphéas',
          parts: '3 parts',
          total: '750,00 €',
          holder,
          certificateNumber: 'C-1',
          verifyUrl: 'https://parcelle.test/certificates/C-1',
        }).text;
      expect(text('J. D.')).toContain('J. D. ');
      expect(text('J. D.')).not.toContain('J. D..');
      expect(text('Jeanne Dupont')).toContain('Jeanne Dupont. ');
    }
  });
});

describe('SmtpMailer', () => {
  it('sends each email as multipart/alternative: the text part, then the HTML part', async () => {
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const sent: string[] = [];
    const send = stream.sendMail.bind(stream);
    stream.sendMail = (async (message: Parameters<typeof send>[0]) => {
      const info = await send(message);
      sent.push(String(info.message));
      return info;
    }) as typeof stream.sendMail;
    const mailer = new SmtpMailer(stream, 'Parcelle <no-reply@parcelle.test>');
    await mailer.sendEmail(
      { to: 'zoe@example.com', ...verificationCodeEmail('fr', { firstName: NAME, code: CODE }) },
      { messageId: 'job-1' },
    );
    const raw = sent[0] ?? '';
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Subject: Votre code Parcelle$/m);
    expect(raw).toMatch(/^Message-ID: <job-1@parcelle\.test>$/m);
    const textAt = raw.search(/^Content-Type: text\/plain; charset=utf-8$/m);
    const htmlAt = raw.search(/^Content-Type: text\/html; charset=utf-8$/m);
    expect(textAt).toBeGreaterThan(0);
    expect(htmlAt).toBeGreaterThan(textAt);
    // The code once in each part (quoted-printable soft line breaks undone), never in a header.
    expect(raw.replace(/=\n/g, '').match(/\b482913\b/g)?.length).toBe(2);
  });
});
