import { ZNewsletterSignupForm } from '@parcelle/shared/contracts/catalogue';
import { type Language, type Localized, messages } from '@parcelle/shared/i18n/messages';
import { returnPath } from '@parcelle/shared/preferences';
import { isLocalized } from '../session/api-error';
import type { PublicApiAnswer } from '../ssr/context';

/**
 * The newsletter sign-up sent without JavaScript (issue 33, decision 465), in two posts to /newsletter/subscribe:
 * the footer's form sends the address; the page answers a confirmation step holding a token the server signed for
 * this visitor now; its button sends the token back, and only then is the address given to the API (which spends the
 * token once, and only after a person's reading time). A page's script takes the captcha path instead
 * (NewsletterSignup).
 */
export type PlainSignupStep =
  /** The address to give (a direct visit, or an address that is not one: `issue` names why). */
  | { step: 'address'; email: string; issue?: string; back: string }
  /** The address to confirm, with the form's token; `message` says why it is shown again. */
  | { step: 'confirm'; email: string; token: string; back: string; message?: Localized }
  /** Done (or taken for a robot's and silently dropped): the API's answer. */
  | { step: 'sent'; message: Localized; back: string };

/** The field no person fills: hidden from view and from assistive technologies, left empty by people. */
export const HONEYPOT_FIELD = 'website';

export type PlainSignupServer = {
  post(path: string, body: Record<string, unknown>, language: Language): Promise<PublicApiAnswer>;
  formToken(form: 'newsletter'): string;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const same = (a: Localized, b: Localized) => a.en === b.en && a.fr === b.fr;

/** The next step for a post of the sign-up. */
export async function plainSignupStep(
  form: FormData,
  language: Language,
  server: PlainSignupServer,
): Promise<PlainSignupStep> {
  const back = returnPath(text(form, 'back') || undefined);
  const email = text(form, 'email').trim();
  const parsed = ZNewsletterSignupForm.pick({ email: true }).safeParse({ email });
  if (!parsed.success) return { step: 'address', email, issue: parsed.error.issues[0]?.message, back };
  const token = text(form, 'form_token');
  if (!token) return { step: 'confirm', email: parsed.data.email, token: server.formToken('newsletter'), back };
  // A robot filled the field people never see: it is told what a person is told, and nothing is sent.
  if (text(form, HONEYPOT_FIELD) !== '') return { step: 'sent', message: messages.NewsletterConfirmSent, back };
  const answer = await server.post(
    '/newsletter/subscribe',
    { email: parsed.data.email, lang: language, form_token: token },
    language,
  );
  const body = answer.body as { message?: unknown; error?: unknown } | null;
  if (answer.status === 200) {
    return { step: 'sent', message: isLocalized(body?.message) ? body.message : messages.NewsletterConfirmSent, back };
  }
  const message = isLocalized(body?.error) ? body.error : messages.MessageSentError;
  // Too soon, or too many at once: the same token may be sent again. Anything else (expired, used): a new one.
  const keep = answer.status === 429 || same(message, messages.FormTooSoon);
  return {
    step: 'confirm',
    email: parsed.data.email,
    token: keep ? token : server.formToken('newsletter'),
    back,
    message,
  };
}
