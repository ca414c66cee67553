import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paintingPath } from '../catalogue/paths';
import { PageContainer } from '../layout/PageContainer';
import { palette } from '../theme/theme';
import type { BuyState } from './buy-state';
import type { Market } from './pricing';
import { TestModeNotice } from './TestModeNotice';

/** The page around every state of /buy: its width, its `data-state` and the test-mode notice. */
export function BuyFrame({ state, market, children }: { state: BuyState; market?: Market; children: ReactNode }) {
  return (
    <PageContainer>
      <Box
        data-testid="buy-screen"
        data-state={state}
        data-market={market}
        sx={{ pt: { xs: 3, md: 5 }, pb: { xs: 10, md: 16 } }}
      >
        <TestModeNotice sx={{ mb: { xs: 3, md: 4 } }} />
        {children}
      </Box>
    </PageContainer>
  );
}

/** A state of /buy that is a sentence and a way on (not found, sold out, reserved to holders…). */
export function BuyMessage({
  state,
  market,
  reason,
  eyebrow,
  title,
  text,
  action,
}: {
  state: BuyState;
  market?: Market;
  /** Why the work cannot be bought here (secondary market: not-eligible, none-listed). */
  reason?: string;
  eyebrow?: string;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <BuyFrame state={state} market={market}>
      <Box sx={{ py: { xs: 8, md: 14 }, maxWidth: 640 }} data-testid="buy-message" data-reason={reason}>
        {eyebrow && (
          <Typography variant="overline" component="p" sx={{ color: palette.accent, mb: 1.5 }}>
            {eyebrow}
          </Typography>
        )}
        <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        <Typography variant="subtitle1" sx={{ mb: 5 }} data-testid="buy-message-text">
          {text}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {action}
        </Stack>
      </Box>
    </BuyFrame>
  );
}

/** The form's shape while the work or the offer loads. */
export function BuySkeleton({ market }: { market?: Market }) {
  return (
    <BuyFrame state="loading" market={market}>
      <Box
        role="status"
        aria-busy="true"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '6fr 5fr' }, gap: { xs: 5, md: 10 } }}
      >
        <Skeleton variant="rectangular" animation="wave" sx={{ height: { xs: 360, md: 620 } }} />
        <Box>
          <Skeleton width="30%" />
          <Skeleton width="75%" height={64} />
          <Skeleton variant="rectangular" height={140} sx={{ mt: 4 }} />
          <Skeleton variant="rectangular" height={54} sx={{ mt: 4 }} />
        </Box>
      </Box>
    </BuyFrame>
  );
}

/** The quiet link back to the work's page above the form. */
export function BackToWork({ painting, label }: { painting: TPaintingDetail; label: string }) {
  return (
    <Button
      component={Link}
      to={paintingPath(painting)}
      startIcon={<ArrowBackIcon fontSize="small" />}
      size="small"
      data-testid="buy-back"
      sx={{ color: palette.muted, px: 0, minHeight: 34, '&:hover': { bgcolor: 'transparent', color: palette.ink } }}
    >
      {label}
    </Button>
  );
}

/** The outlined button back to the work, on the states where it cannot be bought. */
export function BackToWorkButton({ painting, label }: { painting: TPaintingDetail; label: string }) {
  return (
    <Button component={Link} to={paintingPath(painting)} variant="outlined" data-testid="buy-back-to-work">
      {label}
    </Button>
  );
}

/** The way on from a /buy that names no buyable work: the primary market. */
export function ToMarketButton({
  label,
  variant = 'outlined',
  testId,
}: {
  label: string;
  variant?: 'outlined' | 'contained';
  testId?: string;
}) {
  return (
    <Button component={Link} to="/primary-market" variant={variant} data-testid={testId}>
      {label}
    </Button>
  );
}
