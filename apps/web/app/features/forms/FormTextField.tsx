import { TextField, type TextFieldProps } from '@mui/material';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issueText } from './issue-text';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  // biome-ignore lint/suspicious/noExplicitAny: forms typed with zodResolver carry their own context and output types
  control: Control<T, any, any>;
  name: Path<T>;
  /** data-testid of the <input> itself; its error text gets `${testId}-error`. */
  testId?: string;
  /** Rewrites what is typed before it reaches the form (e.g. digits only). */
  transform?: (value: string) => string;
};

/** An MUI text field bound to react-hook-form; errors are catalogue keys, shown in the current language. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  testId,
  transform,
  slotProps,
  helperText,
  ...rest
}: Props<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = issueText(t, fieldState.error?.message);
        return (
          <TextField
            {...rest}
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(error)}
            helperText={error ?? helperText}
            slotProps={{
              ...slotProps,
              htmlInput: { 'data-testid': testId, ...(slotProps?.htmlInput as object | undefined) },
              formHelperText: { ...(error && testId ? { 'data-testid': `${testId}-error` } : {}) } as object,
            }}
          />
        );
      }}
    />
  );
}
