import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageButtons } from '../layout/PageButtons';
import { palette } from '../theme/theme';

type Props = {
  /** Prefix of the test ids: `history` → history-previous, history-next. */
  name: string;
  offset: number;
  pageSize: number;
  /** Undefined while the first page loads. */
  total: number | undefined;
  /** The shown page is the previous one kept while the next loads: next waits. */
  busy: boolean;
  onOffset: (offset: number) => void;
};

/** Previous / next of a paged member table, with "1–4 of 9"; next is disabled on the last page (from `total`). */
export function Pager({ name, offset, pageSize, total, busy, onOffset }: Props) {
  const { t } = useTranslation();
  const last = total === undefined || offset + pageSize >= total;
  // Nothing to page through: an empty list shows its message alone.
  if (total === 0 && offset === 0) return null;
  return (
    <PageButtons name={name} offset={offset} pageSize={pageSize} nextDisabled={busy || last} onOffset={onOffset}>
      {total !== undefined && total > 0 && (
        <Typography variant="body2" sx={{ color: palette.muted, mr: 1 }} data-testid={`${name}-range`}>
          {t('history.pager.range', {
            from: Math.min(offset + 1, total),
            to: Math.min(offset + pageSize, total),
            total,
          })}
        </Typography>
      )}
    </PageButtons>
  );
}
