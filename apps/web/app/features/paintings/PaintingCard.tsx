import type { TPainting } from '@parcelle/shared/contracts/catalogue';
import { MARKET } from '@parcelle/shared/market';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { PAINTING_CARD_SIZES } from '../catalogue/image-sources';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import styles from './painting-card.module.css';
import { AvailabilityBar, PriceChange } from './ui';

/**
 * A work on a market list: the artwork first, then its wall text and the state of its parts. Plain elements on a CSS
 * Module (decision 514): a public document's cards carry no emotion styles.
 */
export function PaintingCard({
  painting,
  baseUrl,
  priority,
}: {
  painting: TPainting;
  baseUrl: string;
  priority: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(painting.title, language);
  const secondary = painting.market === MARKET.secondary ? painting.secondary_market : null;
  // On the secondary market the parts to buy are those members offer now (issue 17).
  const left = secondary ? secondary.parts_offered : Math.max(0, painting.total_part - painting.sold_out_part);
  const status =
    painting.market === MARKET.shown
      ? t('paintings.card.openingSoon')
      : painting.market === MARKET.primary && left === 0
        ? t('paintings.buy.soldOut')
        : null;
  return (
    <article className={styles.card} data-testid="painting-card" data-painting-id={painting.id}>
      <Link to={paintingPath(painting)} className={styles.link}>
        <div className={styles.mount}>
          <ArtworkImage
            src={mediaUrl(baseUrl, painting.cover_img)}
            alt=""
            sizes={PAINTING_CARD_SIZES}
            priority={priority}
            ratio={4 / 5}
            fit="contain"
            tone="paper"
            className={styles.picture}
          />
          {status && <span className={styles.status}>{status}</span>}
        </div>
        <div className={styles.caption}>
          <p className={styles.artist}>{painting.artist.name}</p>
          <h2 className={styles.title}>{title}</h2>
          <p className={styles.year}>{painting.year}</p>
        </div>
      </Link>
      <div className={styles.facts}>
        <div className={styles.priceLine}>
          <p className={styles.price}>
            <span className={styles.amount}>{formatAmount(painting.price_per_part, language)}</span>{' '}
            <span className={styles.unit}>{t('paintings.card.perPart')}</span>
          </p>
          <p className={styles.change}>
            <PriceChange percentage={painting.percentage} language={language} />
          </p>
        </div>
        <AvailabilityBar progress={painting.progress} availability={painting.availability} language={language} />
        <p className={styles.parts}>
          {t(secondary ? 'paintings.card.partsOffered' : 'paintings.card.partsAvailable')}{' '}
          <span data-testid="card-parts-available" className={styles.partsCount}>
            {formatPartsQuantity(left, language)}
          </span>
        </p>
        {secondary && (secondary.best_ask || secondary.last_trade) && (
          <p className={styles.prices} data-testid="card-market-prices">
            {[
              secondary.best_ask && t('paintings.card.bestAsk', { amount: formatAmount(secondary.best_ask, language) }),
              secondary.last_trade &&
                t('paintings.card.lastTrade', { amount: formatAmount(secondary.last_trade, language) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      </div>
    </article>
  );
}
