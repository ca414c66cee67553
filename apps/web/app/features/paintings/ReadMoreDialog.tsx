import { Box, Typography } from '@mui/material';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { Language } from '@parcelle/shared/i18n/messages';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount } from '../catalogue/format';
import { localized } from '../i18n/language';
import { DialogCloseButton } from '../layout/DialogCloseButton';
import { ModalDialog } from '../layout/ModalDialog';
import { palette } from '../theme/theme';

/** The id the "Read more" button opens the dialog by (`command="show-modal" commandfor`). */
export const READ_MORE_DIALOG_ID = 'read-more-dialog';
const TITLE_ID = 'read-more-title';

type Props = {
  painting: TPaintingDetail;
  coverUrl: string | undefined;
  language: Language;
};

/**
 * "Read more" (spec §2): the cover, the artist, the title, the price per part and the full description, in the page as
 * the browser's modal dialog (issue 33, decision 444): opened by its button's command, closed by Escape, a click beside
 * it or its close button, all without a script. The cover is lazy: it is fetched when the dialog is first shown.
 */
export function ReadMoreDialog({ painting, coverUrl, language }: Props) {
  const { t } = useTranslation();
  const title = localized(painting.title, language);
  return (
    <ModalDialog id={READ_MORE_DIALOG_ID} labelledBy={TITLE_ID} testId="read-more-dialog" maxWidth="md">
      <DialogCloseButton
        dialogId={READ_MORE_DIALOG_ID}
        label={t('paintings.close')}
        testId="read-more-close"
        style={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 3fr' } }}>
        <Box sx={{ bgcolor: palette.wall, p: { xs: 3, sm: 4 }, display: 'flex', alignItems: 'center' }}>
          <ArtworkImage
            src={coverUrl}
            alt={title}
            sizes="(min-width: 600px) 340px, 90vw"
            fit="contain"
            sx={{ width: '100%', height: { xs: 240, sm: 360 }, bgcolor: 'transparent' }}
          />
        </Box>
        <Box sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
            {painting.artist.name}
          </Typography>
          <Typography id={TITLE_ID} variant="h3" component="h2" sx={{ mt: 0.5, mb: 2, pr: 4 }}>
            {title}
          </Typography>
          <Typography sx={{ mb: 3, fontVariantNumeric: 'tabular-nums' }}>
            <Box component="span" sx={{ color: palette.muted }}>
              {t('paintings.detail.pricePerPart')}
            </Box>{' '}
            <Box component="span" sx={{ fontWeight: 500 }}>
              {formatAmount(painting.price_per_part, language)}
            </Box>
          </Typography>
          <Box sx={{ width: 40, height: '1px', bgcolor: palette.accent, mb: 3 }} />
          <Typography sx={{ whiteSpace: 'pre-line' }}>{localized(painting.description, language)}</Typography>
        </Box>
      </Box>
    </ModalDialog>
  );
}
