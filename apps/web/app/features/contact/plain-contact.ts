import { ZContactMessage } from '@parcelle/shared/contracts/catalogue';
import { type Language, type Localized, type MessageKey, messages } from '@parcelle/shared/i18n/messages';
import type { PlainForm } from '@parcelle/shared/plain-forms';
import { HONEYPOT_FIELD } from '../newsletter/plain-signup';
import { isLocalized } from '../session/api-error';
import type { PublicApiAnswer } from '../ssr/context';
import { boxIssues, EMPTY_CONTACT } from './contact-form';

/**
 * The contact form sent without JavaScript (issue 33, decision 476): /contact is made per request, so its form
 * carries from the start a token the server signed for this visitor; the page's action checks what was typed as the
 * dialog does (the shared message, the two boxes), then gives the message to `POST /api/contact/` with the token in
 * place of the captcha, and answers the page again: what was typed with each field's issue in the reader's language,
 * or the confirmation. With a script, the footer's link opens the dialog instead (ContactDialog).
 */

/** The message's fields, in the form's order. */
export const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'object', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactBox = 'consent' | 'privacy';

export type PlainContactValues = Record<ContactField, string> & Record<ContactBox, boolean>;
/** Each field's issue, in both languages (the page shows the reader's). */
export type ContactIssues = Partial<Record<ContactField | ContactBox, Localized>>;

export type PlainContactState =
  /** The form: empty on a visit, as typed after a post the API did not take; `issues` next to their fields. */
  | {
      state: 'form';
      values: PlainContactValues;
      token: string;
      issues: ContactIssues;
      /** What concerns the whole form (too soon, too many, not sent): above the button. */
      failure?: Localized;
    }
  /** Sent (or taken for a robot's and silently dropped): the API's answer. */
  | { state: 'sent'; message: Localized };

export type PlainContactServer = {
  post(path: string, body: Record<string, unknown>, language: Language): Promise<PublicApiAnswer>;
  formToken(form: PlainForm): string;
};

/** The dialog's empty form, the same fields and boxes. */
export const EMPTY_PLAIN_CONTACT: PlainContactValues = EMPTY_CONTACT;

/** The page on a visit: an empty form and its own token. */
export function plainContactForm(server: Pick<PlainContactServer, 'formToken'>): PlainContactState {
  return { state: 'form', values: EMPTY_PLAIN_CONTACT, token: server.formToken('contact'), issues: {} };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const localizedKey = (key: string | undefined): Localized =>
  (key && messages[key as MessageKey]) || messages.MessageSentError;

const isContactField = (name: unknown): name is ContactField => CONTACT_FIELDS.includes(name as ContactField);

/** What the form's issues are before anything is sent: the shared message's rules, then the two boxes'. */
function localIssues(values: PlainContactValues): ContactIssues {
  const { consent, privacy, ...message } = values;
  const issues: ContactIssues = {};
  const parsed = ZContactMessage.safeParse(message);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (isContactField(field) && !issues[field]) issues[field] = localizedKey(issue.message);
  }
  for (const [box, key] of Object.entries(boxIssues(consent, privacy))) issues[box as ContactBox] = messages[key];
  return issues;
}

/** The page after a post of the form. */
export async function plainContactStep(
  form: FormData,
  language: Language,
  server: PlainContactServer,
): Promise<PlainContactState> {
  const values: PlainContactValues = {
    ...Object.fromEntries(CONTACT_FIELDS.map((name) => [name, text(form, name)])),
    consent: form.get('consent') !== null,
    privacy: form.get('privacy') !== null,
  } as PlainContactValues;
  const given = text(form, 'form_token');
  const issues = localIssues(values);
  // A page without its token (a hand-made post) gets one now, to be sent again; what was typed is kept.
  if (!given)
    return { state: 'form', values, token: server.formToken('contact'), issues, failure: messages.FormExpired };
  if (Object.keys(issues).length > 0) return { state: 'form', values, token: given, issues };
  // A robot filled the field people never see: it is told what a person is told, and nothing is sent.
  if (text(form, HONEYPOT_FIELD) !== '') return { state: 'sent', message: messages.MessageSentSuccess };
  const { consent: _consent, privacy: _privacy, ...message } = values;
  const answer = await server.post('/contact/', { ...message, form_token: given }, language);
  const body = answer.body as { message?: unknown; error?: unknown; field?: unknown } | null;
  if (answer.status === 200) {
    return { state: 'sent', message: isLocalized(body?.message) ? body.message : messages.MessageSentSuccess };
  }
  const error = isLocalized(body?.error) ? body.error : messages.MessageSentError;
  // A field's issue goes next to it; the API checks the body before the token, which it has not spent then.
  if (answer.status === 400 && isContactField(body?.field)) {
    return { state: 'form', values, token: given, issues: { [body.field]: error } };
  }
  // Too soon, or too many at once: the same token may be sent again. Anything else (expired, used, not sent): a new one.
  const keep = answer.status === 429 || (error.en === messages.FormTooSoon.en && error.fr === messages.FormTooSoon.fr);
  return { state: 'form', values, token: keep ? given : server.formToken('contact'), issues: {}, failure: error };
}
