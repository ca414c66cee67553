import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterForm } from '@parcelle/shared/contracts/auth';
import type { MessageKey } from '@parcelle/shared/i18n/messages';
import { phoneProblem } from '@parcelle/shared/validation/fields';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type RegisterInput = z.input<typeof ZRegisterForm>;
export type RegisterValues = z.output<typeof ZRegisterForm>;

const schemaResolver = zodResolver(ZRegisterForm);

/**
 * The whole-form rules of ZRegisterForm (boxes, password match, phone) live in a refinement that zod
 * skips while a field is still invalid. So that the member sees every problem at the first submit,
 * they are added here when the schema could not reach them; the messages are the same catalogue keys.
 */
export function crossFieldIssues(values: RegisterInput, errors: FieldErrors<RegisterInput>) {
  const issues: Partial<Record<keyof RegisterInput, MessageKey>> = {};
  if (!errors.accept_terms && !errors.accept_privacy && (!values.accept_terms || !values.accept_privacy)) {
    const key: MessageKey = !values.accept_terms && !values.accept_privacy ? 'BothBoxesRequired' : 'AcceptBox';
    if (!values.accept_terms) issues.accept_terms = key;
    if (!values.accept_privacy) issues.accept_privacy = key;
  }
  if (
    !errors.password_confirmation &&
    values.password_confirmation &&
    values.password !== values.password_confirmation
  ) {
    issues.password_confirmation = 'RegValConfirmPassMatch';
  }
  if (!errors.number && values.number && values.country_code) {
    const problem = phoneProblem(values.country_code, values.number, values.slug);
    if (problem) issues.number = problem;
  }
  return issues;
}

export const registerResolver: Resolver<RegisterInput, unknown, RegisterValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors: FieldErrors<RegisterInput> = { ...result.errors };
  for (const [name, message] of Object.entries(crossFieldIssues(values, result.errors))) {
    errors[name as keyof RegisterInput] = { type: 'custom', message };
  }
  return { values: {}, errors };
};
