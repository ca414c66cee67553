import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { Language } from '@parcelle/shared/i18n/messages';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount } from '../catalogue/format';
import { localized } from '../i18n/language';
import { DialogCloseButton } from '../layout/DialogCloseButton';
import { ModalDialog } from '../layout/ModalDialog';
import page from './painting-screen.module.css';
import styles from './read-more-dialog.module.css';

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
 * Plain elements on a CSS Module (decision 541).
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
      <div className={styles.layout}>
        <div className={styles.wall}>
          <ArtworkImage
            src={coverUrl}
            alt={title}
            sizes="(min-width: 600px) 340px, 90vw"
            fit="contain"
            tone="clear"
            className={styles.cover}
          />
        </div>
        <div className={styles.text}>
          <p className={page.kicker}>{painting.artist.name}</p>
          <h2 id={TITLE_ID} className={styles.title}>
            {title}
          </h2>
          <p className={styles.price}>
            <span className={page.muted}>{t('paintings.detail.pricePerPart')}</span>{' '}
            <span className={styles.amount}>{formatAmount(painting.price_per_part, language)}</span>
          </p>
          <div className={styles.rule} />
          <p className={styles.description}>{localized(painting.description, language)}</p>
        </div>
      </div>
    </ModalDialog>
  );
}
