import type { Localized } from '@parcelle/shared/i18n/messages';
import { useMutation } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useToast } from '../feedback/toast';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { IdentityCheckCancelled } from './IdentityCheck';
import { successText } from './ui';

type Options<TInput extends FieldValues, TValues, TAnswer> = {
  form: UseFormReturn<TInput, unknown, TValues>;
  save: (values: TValues) => Promise<TAnswer>;
  /** Toasted when the server's answer carries no message. */
  fallback: Localized;
  /** Where a value the server refuses (400) is shown; without it, the refusal is toasted. */
  field?: Path<TInput>;
  onSaved?: (values: TValues) => void;
};

/**
 * The save of one /user/edit section, as a TanStack Query mutation: `busy` while it runs, the server's
 * success message toasted, a refused value shown under its field, any other failure toasted.
 */
export function useSectionSave<TInput extends FieldValues, TValues, TAnswer extends { message?: unknown }>(
  options: Options<TInput, TValues, TAnswer>,
) {
  const toast = useToast();
  const mutation = useMutation({ mutationFn: options.save });
  const submit = options.form.handleSubmit(async (values) => {
    try {
      const answer = await mutation.mutateAsync(values);
      options.onSaved?.(values);
      toast(successText(answer, options.fallback), 'success');
    } catch (error) {
      if (error instanceof IdentityCheckCancelled) return;
      if (options.field && error instanceof ApiError && error.status === 400) {
        options.form.setError(options.field, { type: 'server', message: localized(error.error) });
      } else toast(localized(errorText(error)), 'error');
    }
  });
  return { submit, busy: mutation.isPending };
}
