import { zodResolver } from '@hookform/resolvers/zod';
import { type TContactMessage, ZContactMessage, type ZContactRequest } from '@parcelle/shared/contracts/catalogue';
import type { MessageKey } from '@parcelle/shared/i18n/messages';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The contact form: the shared message (spec §3 Contact message) plus the two boxes the visitor must tick. */
export type ContactInput = TContactMessage & { consent: boolean; privacy: boolean };
export type ContactValues = z.output<typeof ZContactMessage> & { consent: boolean; privacy: boolean };

export const EMPTY_CONTACT: ContactInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  object: '',
  message: '',
  consent: false,
  privacy: false,
};

/** Both boxes unticked: "These two fields are required."; one: the "I accept" message on that box (as at registration). */
export function boxIssues(consent: boolean, privacy: boolean): Partial<Record<'consent' | 'privacy', MessageKey>> {
  if (consent && privacy) return {};
  const key: MessageKey = !consent && !privacy ? 'BothBoxesRequired' : 'AcceptBox';
  return { ...(consent ? {} : { consent: key }), ...(privacy ? {} : { privacy: key }) };
}

const requestResolver = zodResolver(ZContactMessage);

/** The text fields go through the shared ZContactMessage (its catalogue keys); the boxes are checked alongside. */
export const contactResolver: Resolver<ContactInput, unknown, ContactValues> = async (values, context, options) => {
  const { consent, privacy, ...request } = values;
  const result = await requestResolver(request, context, options as never);
  const errors: FieldErrors<ContactInput> = { ...(result.errors as FieldErrors<ContactInput>) };
  for (const [name, message] of Object.entries(boxIssues(consent, privacy))) {
    errors[name as 'consent' | 'privacy'] = { type: 'custom', message };
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { ...(result.values as z.output<typeof ZContactMessage>), consent, privacy }, errors: {} };
};

/** The body of POST /contact/: the fields of the shared message and the solved captcha. */
export function contactBody(values: ContactValues, captcha: string): z.input<typeof ZContactRequest> {
  const { consent: _consent, privacy: _privacy, ...message } = values;
  return { ...message, captcha };
}
