import { Box, Checkbox, FormControlLabel, FormHelperText, TextField, Typography } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issueText } from '../forms/issue-text';
import type { BuyFormState } from './use-buy-form';

/** The certificate holder's name and the responsibility box (spec §1). */
export function HolderFields({ state }: { state: BuyFormState }) {
  const { t } = useTranslation();
  const { control } = state.form;
  return (
    <>
      <Controller
        control={control}
        name="owner"
        render={({ field, fieldState }) => (
          <TextField
            label={t('purchase.buy.owner')}
            name={field.name}
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(event) => {
              state.ownerTyped();
              field.onChange(event.target.value);
            }}
            autoComplete="name"
            error={Boolean(fieldState.error)}
            helperText={issueText(t, fieldState.error?.message) ?? t('purchase.buy.ownerHelp')}
            fullWidth
            slotProps={{
              htmlInput: { 'data-testid': 'buy-owner', maxLength: 200 },
              formHelperText: fieldState.error ? ({ 'data-testid': 'buy-owner-error' } as object) : undefined,
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="responsibility"
        render={({ field, fieldState }) => (
          <Box>
            <FormControlLabel
              sx={{ alignItems: 'flex-start', mr: 0 }}
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  sx={{ mt: -0.75 }}
                  slotProps={{ input: { ref: field.ref, 'data-testid': 'buy-responsibility' } as object }}
                />
              }
              label={
                <Typography variant="body2" sx={{ pt: 0.25 }}>
                  {t('purchase.buy.responsibility')}
                </Typography>
              }
            />
            {fieldState.error && (
              <FormHelperText error data-testid="buy-responsibility-error" sx={{ ml: 4 }}>
                {issueText(t, fieldState.error.message)}
              </FormHelperText>
            )}
          </Box>
        )}
      />
    </>
  );
}
