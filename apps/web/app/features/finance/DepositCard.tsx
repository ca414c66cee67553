import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ZDepositDetails } from '@parcelle/shared/contracts/deposits';
import { VERIFICATION_PAGE } from '@parcelle/shared/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { failureText } from '../history/api';
import { localized, useLanguage } from '../i18n/language';
import { apiData } from '../session/api';
import { palette } from '../theme/theme';

export type DepositDetails = z.infer<typeof ZDepositDetails>;

export const depositQuery = queryOptions({
  queryKey: ['member-deposit'] as const,
  queryFn: ({ signal }) => apiData<DepositDetails>('/member/deposit', { signal }),
  staleTime: 10 * 60 * 1000,
});

/** An IBAN as printed on a bank's documents: groups of four. */
const grouped = (iban: string) => iban.match(/.{1,4}/g)?.join(' ') ?? iban;

type Field = 'beneficiary' | 'iban' | 'bic' | 'reference';

/** One line of the transfer details: its label, its value (selectable, monospaced figures) and a copy button. */
function DetailLine({
  field,
  shown,
  copied,
  onCopy,
}: {
  field: Field;
  shown: string;
  copied: boolean;
  onCopy: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`finance.deposit.${field}`);
  // The copy button sits on the label's line, so the value has the card's whole width: on a phone an IBAN then
  // wraps between its groups of four, not after every other one.
  return (
    <Box sx={{ py: 1.25, borderTop: `1px solid ${palette.line}` }}>
      <Box
        component="dt"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, minHeight: 44 }}
      >
        <Typography component="span" variant="caption" sx={{ color: palette.muted }}>
          {label}
        </Typography>
        <Button
          size="small"
          variant="text"
          onClick={onCopy}
          data-testid={`deposit-copy-${field}`}
          aria-label={t('finance.deposit.copyLabel', { label })}
          startIcon={copied ? <CheckOutlined /> : <ContentCopyOutlined />}
          sx={{ minHeight: 44, color: palette.ink, flexShrink: 0 }}
        >
          {copied ? t('finance.deposit.copied') : t('finance.deposit.copy')}
        </Button>
      </Box>
      <Typography
        component="dd"
        data-testid={`deposit-${field}`}
        sx={{
          m: 0,
          fontVariantNumeric: 'tabular-nums',
          letterSpacing: field === 'beneficiary' ? 0 : '0.04em',
          fontWeight: field === 'reference' ? 600 : 400,
          fontSize: field === 'reference' ? '1.1rem' : undefined,
        }}
      >
        {shown}
      </Typography>
    </Box>
  );
}

/**
 * Funding the wallet by SEPA transfer (issue 31): Parcelle's account and the member's own reference, each with a copy
 * button; a transfer is matched to the member by that reference when the operators import the bank's statement. A
 * member whose identity is not verified is told first that a transfer would wait until it is.
 */
export function DepositCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const details = useQuery(depositQuery);
  const [copied, setCopied] = useState<Field | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async (field: Field, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(field);
      setCopyFailed(false);
    } catch {
      setCopied(null);
      setCopyFailed(true);
    }
  };
  const data = details.data;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="deposit-title"
      data-testid="finance-deposit"
      sx={{
        p: { xs: 3, md: 4 },
        borderColor: palette.line,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        minWidth: 0,
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <AccountBalanceOutlined sx={{ color: palette.muted }} />
        <Typography id="deposit-title" tabIndex={-1} variant="overline" component="h2" sx={{ color: palette.muted }}>
          {t('finance.deposit.title')}
        </Typography>
      </Stack>
      {details.isError ? (
        <Alert severity="error" variant="outlined" data-testid="deposit-error">
          {localized(failureText(details.error), language)}
        </Alert>
      ) : !data ? (
        <Skeleton variant="rectangular" height={180} aria-busy="true" />
      ) : !data.enabled ? (
        <Typography variant="body2" data-testid="deposit-disabled">
          {t('finance.deposit.disabled')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: palette.muted }}>
            {t('finance.deposit.text')}
          </Typography>
          {!data.verified && (
            <Alert severity="info" variant="outlined" data-testid="deposit-unverified">
              {t('finance.deposit.unverified')} <Link to={VERIFICATION_PAGE}>{t('finance.deposit.verify')}</Link>
            </Alert>
          )}
          <Box component="dl" sx={{ m: 0 }}>
            <DetailLine
              field="beneficiary"
              shown={data.beneficiary}
              copied={copied === 'beneficiary'}
              onCopy={() => copy('beneficiary', data.beneficiary)}
            />
            <DetailLine
              field="iban"
              shown={grouped(data.iban)}
              copied={copied === 'iban'}
              onCopy={() => copy('iban', data.iban)}
            />
            <DetailLine field="bic" shown={data.bic} copied={copied === 'bic'} onCopy={() => copy('bic', data.bic)} />
            <DetailLine
              field="reference"
              shown={data.reference_display}
              copied={copied === 'reference'}
              onCopy={() => copy('reference', data.reference)}
            />
          </Box>
          <Typography variant="body2" sx={{ color: palette.muted }}>
            {t('finance.deposit.referenceNote')}
          </Typography>
          <Box aria-live="polite" sx={{ minHeight: 0 }} data-testid="deposit-live">
            {copied && (
              <Box component="span" sx={visuallyHidden}>
                {t('finance.deposit.copiedLabel', { label: t(`finance.deposit.${copied}`) })}
              </Box>
            )}
            {copyFailed && (
              <Typography variant="body2" color="error">
                {t('finance.deposit.copyFailed')}
              </Typography>
            )}
          </Box>
        </>
      )}
    </Paper>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
