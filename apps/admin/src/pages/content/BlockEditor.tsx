import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTENT_BLOCK_TYPES, type TContentPageRequest } from '@parcelle/shared/contracts/content-admin';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { Language } from '../../providers/i18n';
import { issueText } from '../works/work-form';
import type { TBlockFormInput, TPageFormInput } from './page-form';

/** The fields each kind of block shows, in order; `multi` fields take several lines. */
const FIELDS: Record<TBlockFormInput['type'], { name: keyof TBlockFormInput; multi?: boolean; optional?: boolean }[]> =
  {
    heading: [{ name: 'text' }],
    paragraph: [{ name: 'text', multi: true }],
    list: [{ name: 'items', multi: true }],
    qa: [{ name: 'question' }, { name: 'answer', multi: true }],
    person: [{ name: 'name' }, { name: 'role' }, { name: 'text', optional: true }],
    link: [{ name: 'label' }, { name: 'href' }, { name: 'text', optional: true }],
  };

type Props = {
  lang: 'en' | 'fr';
  index: number;
  count: number;
  type: TBlockFormInput['type'];
  control: Control<TPageFormInput, unknown, TContentPageRequest>;
  register: UseFormRegister<TPageFormInput>;
  errors: FieldErrors<TPageFormInput>;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One block of a page: its kind, its fields, and buttons to move it up or down or remove it. */
export function BlockEditor({ lang, index, count, type, control, register, errors, onMove, onRemove }: Props) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const number = index + 1;
  const kind = translate(`content.blocks.${type}`);
  const blockErrors = errors[lang]?.[index] as Partial<Record<keyof TBlockFormInput, { message?: string }>> | undefined;
  return (
    <Paper variant="outlined" component="fieldset" data-testid="block-editor" sx={{ p: 2, m: 0, minWidth: 0 }}>
      {/* A floated legend sits inside the box instead of on its border. */}
      <Typography component="legend" sx={{ fontWeight: 600, p: 0, mb: 1, float: 'left', width: '100%' }}>
        {translate('content.editor.blockLegend', { number, kind })}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        sx={{ clear: 'both', alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Controller
          control={control}
          name={`${lang}.${index}.type`}
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={translate('content.editor.kind', { number })}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              sx={{ minWidth: 150 }}
            >
              {CONTENT_BLOCK_TYPES.map((option) => (
                <MenuItem key={option} value={option}>
                  {translate(`content.blocks.${option}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button size="small" disabled={index === 0} onClick={() => onMove(index - 1)}>
          {translate('content.editor.up', { number })}
        </Button>
        <Button size="small" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          {translate('content.editor.down', { number })}
        </Button>
        <Button size="small" color="error" onClick={onRemove}>
          {translate('content.editor.remove', { number })}
        </Button>
      </Stack>
      <Stack spacing={1.5}>
        {FIELDS[type].map((field) => {
          const error = blockErrors?.[field.name]?.message;
          const label = translate(`content.fields.${type === 'list' ? 'items' : field.name}`);
          return (
            <TextField
              key={field.name}
              label={field.optional ? translate('content.editor.optional', { label }) : label}
              required={!field.optional}
              multiline={field.multi}
              minRows={field.multi ? 3 : undefined}
              {...register(`${lang}.${index}.${field.name}`)}
              error={Boolean(error)}
              helperText={
                error
                  ? issueText(error, language)
                  : type === 'list'
                    ? translate('content.editor.itemsHelp')
                    : field.name === 'href'
                      ? translate('content.editor.hrefHelp')
                      : undefined
              }
            />
          );
        })}
      </Stack>
    </Paper>
  );
}
