import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, IconButton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** Prefix of the test ids: `holdings` → holdings-previous, holdings-next. */
  name: string;
  offset: number;
  pageSize: number;
  /** Last page, or the next page cannot be asked for yet (first load, previous page kept while the next loads). */
  nextDisabled: boolean;
  onOffset: (offset: number) => void;
  /** Shown before the arrows, e.g. "1–4 of 9". */
  children?: ReactNode;
};

/** Previous / next arrows under a paged member table (every member list pages by offset). */
export function PageButtons({ name, offset, pageSize, nextDisabled, onOffset, children }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 1,
        px: { xs: 1.5, md: 3 },
        py: 1.5,
      }}
    >
      {children}
      <IconButton
        aria-label={t('common.previousPage')}
        title={t('common.previousPage')}
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
        data-testid={`${name}-previous`}
      >
        <ChevronLeft />
      </IconButton>
      <IconButton
        aria-label={t('common.nextPage')}
        title={t('common.nextPage')}
        disabled={nextDisabled}
        onClick={() => onOffset(offset + pageSize)}
        data-testid={`${name}-next`}
      >
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
