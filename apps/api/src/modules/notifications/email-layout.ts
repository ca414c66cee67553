import type { Language } from '@parcelle/shared';
import type { OutgoingEmail } from '../../adapters/mail/mailer';
import { escapeHtml } from '../../http/html';

/**
 * The one layout of every email the platform sends (issue 31): a multipart/alternative message whose HTML part is a
 * designed page (table-based, inline CSS only, ≤ 600 px, the Parcelle wordmark in text, a serif heading, one accent
 * colour) and whose plain-text part says the same thing, both written from the same blocks so they cannot drift.
 * Every interpolated value is escaped here, once: templates pass plain strings, never markup.
 */
export type Rendered = Omit<OutgoingEmail, 'to' | 'html'> & { html: string };

/** A piece of an email's body. A plain string is a paragraph. */
export type Block =
  | string
  /** A one-time code: large, on its own, easy to copy (never in the subject). */
  | { code: string; label: string }
  /** A link as the primary button; the text part gives the label and the URL on its own line. */
  | { button: string; url: string }
  /** A quieter paragraph (a warning, a legal line). */
  | { note: string };

/** Why the recipient gets this email: said in the footer of every message. */
export type EmailReason = 'account' | 'request' | 'notification' | 'purchase' | 'newsletter' | 'complaint' | 'internal';

/**
 * The publisher's postal address, in every footer (a commercial sender names where it can be reached). The same
 * street address as the complaints service's default (COMPLAINTS_POSTAL_ADDRESS).
 */
export const POSTAL_ADDRESS = 'Parcelle, 10 rue de la Paix, 75002 Paris, France';

const REASONS: Record<EmailReason, Record<Language, string>> = {
  account: {
    en: 'You receive this email because it concerns the security of your Parcelle account.',
    fr: 'Vous recevez cet e-mail parce qu’il concerne la sécurité de votre compte Parcelle.',
  },
  request: {
    en: 'You receive this email because this address was entered on Parcelle.',
    fr: 'Vous recevez cet e-mail parce que cette adresse a été saisie sur Parcelle.',
  },
  notification: {
    en: 'You receive this email because of your notification settings on Parcelle.',
    fr: 'Vous recevez cet e-mail en raison de vos préférences de notification sur Parcelle.',
  },
  purchase: {
    en: 'You receive this email because it concerns a transaction on your Parcelle account.',
    fr: 'Vous recevez cet e-mail parce qu’il concerne une opération de votre compte Parcelle.',
  },
  newsletter: {
    en: 'You receive this email because this address subscribed to the Parcelle newsletter.',
    fr: 'Vous recevez cet e-mail parce que cette adresse s’est inscrite à la lettre Parcelle.',
  },
  complaint: {
    en: 'You receive this email because you filed a complaint with Parcelle.',
    fr: 'Vous recevez cet e-mail parce que vous avez déposé une réclamation auprès de Parcelle.',
  },
  internal: {
    en: 'Sent to the Parcelle team by the platform.',
    fr: 'Envoyé à l’équipe Parcelle par la plateforme.',
  },
};

// The palette: warm paper, ink, one accent (a deep oxblood). Ink on white is 17.2:1, the muted grey 6.2:1 on paper, white on
// the accent 9.3:1 — all above WCAG AA for their sizes.
const PAPER = '#faf8f4';
const CARD = '#ffffff';
const INK = '#1d1b18';
const MUTED = '#635c53';
const RULE = '#e6dfd3';
const ACCENT = '#7a2e2a';
const SERIF = "Georgia,'Times New Roman',Times,serif";
const SANS = "'Helvetica Neue',Helvetica,Arial,sans-serif";
const MONO = "'SFMono-Regular',Menlo,Consolas,'Courier New',monospace";

/** Escaped text with its http(s) URLs made links (a URL in a sentence stays clickable). */
function linkified(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)»”]/g, (url) => {
    return `<a href="${url}" style="color:${ACCENT};text-decoration:underline;word-break:break-word">${url}</a>`;
  });
}

function blockHtml(block: Block): string {
  if (typeof block === 'string')
    return `<p style="margin:0 0 18px;font-family:${SANS};font-size:16px;line-height:1.6;color:${INK}">${linkified(block)}</p>`;
  if ('code' in block)
    return `<p style="margin:0 0 8px;font-family:${SANS};font-size:14px;line-height:1.5;color:${MUTED}">${escapeHtml(block.label)}</p><table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 22px"><tr><td style="background:${PAPER};border:1px solid ${RULE};border-radius:6px;padding:14px 22px;font-family:${MONO};font-size:34px;line-height:1.2;font-weight:700;letter-spacing:6px;color:${INK}">${escapeHtml(block.code)}</td></tr></table>`;
  if ('button' in block) {
    const url = escapeHtml(block.url);
    return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 14px"><tr><td style="background:${ACCENT};border-radius:4px"><a href="${url}" style="display:inline-block;padding:13px 26px;font-family:${SANS};font-size:16px;font-weight:600;line-height:1.2;color:#ffffff;text-decoration:none">${escapeHtml(block.button)}</a></td></tr></table><p style="margin:0 0 22px;font-family:${SANS};font-size:13px;line-height:1.5;color:${MUTED};word-break:break-all">${linkified(block.url)}</p>`;
  }
  return `<p style="margin:0 0 18px;font-family:${SANS};font-size:14px;line-height:1.6;color:${MUTED}">${linkified(block.note)}</p>`;
}

function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  // The code alone on its line, so a double-click or a long press selects it whole.
  if ('code' in block) return `${block.label}\n\n    ${block.code}`;
  // The label on its line, the URL alone on the next (no colon: a label never reads like "Password: …").
  if ('button' in block) return `${block.button}\n${block.url}`;
  return block.note;
}

/**
 * Renders an email in `lang`: `subject` (never a code), a serif `heading` (the subject unless given), the body's
 * blocks, and a footer saying why the recipient gets it and where Parcelle is.
 */
export function renderEmail(
  lang: Language,
  email: { subject: string; heading?: string; blocks: Block[]; reason: EmailReason },
): Rendered {
  const heading = email.heading ?? email.subject;
  const reason = REASONS[email.reason][lang];
  const text = `${heading}\n\n${email.blocks.map(blockText).join('\n\n')}\n\n— Parcelle\n\n${reason}\n${POSTAL_ADDRESS}\n`;
  const html = `<!doctype html>
<html lang="${lang}" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(email.subject)}</title></head>
<body style="margin:0;padding:0;background:${PAPER};color:${INK}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${PAPER}"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%">
<tr><td style="padding:0 8px 20px;font-family:${SERIF};font-size:24px;letter-spacing:2px;color:${INK}">Parcelle</td></tr>
<tr><td style="background:${CARD};border:1px solid ${RULE};border-top:3px solid ${ACCENT};padding:40px 40px 24px">
<h1 style="margin:0 0 26px;font-family:${SERIF};font-size:26px;line-height:1.3;font-weight:400;color:${INK}">${escapeHtml(heading)}</h1>
${email.blocks.map(blockHtml).join('\n')}
<p style="margin:8px 0 0;font-family:${SERIF};font-size:16px;font-style:italic;color:${MUTED}">— Parcelle</p>
</td></tr>
<tr><td style="padding:22px 8px 0;font-family:${SANS};font-size:12px;line-height:1.6;color:${MUTED}"><p style="margin:0 0 6px">${escapeHtml(reason)}</p><p style="margin:0">${escapeHtml(POSTAL_ADDRESS)}</p></td></tr>
</table>
</td></tr></table>
</body></html>`;
  return { subject: email.subject, text, html };
}

/** The greeting line, in the member's language. */
export const hello = (lang: Language, firstName?: string) =>
  lang === 'fr' ? (firstName ? `Bonjour ${firstName},` : 'Bonjour,') : firstName ? `Hello ${firstName},` : 'Hello,';
