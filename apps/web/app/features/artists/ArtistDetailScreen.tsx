import type { Currency } from '@parcelle/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { useArtistDetail } from '../catalogue/api';
import { formatAmount, lifeYears, mediaUrl } from '../catalogue/format';
import { ARTIST_PORTRAIT_SIZES } from '../catalogue/image-sources';
import { PageError, type PageErrorClasses } from '../feedback/PageError';
import buttons from '../forms/plain-button.module.css';
import { localized, useLanguage } from '../i18n/language';
import { Icon } from '../layout/icons';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { ApiError, errorText } from '../session/api-error';
import { ArtistMarket } from './ArtistMarket';
import { ArtistWorkCard, FigureLabel } from './ArtistWorkCard';
import styles from './artist-detail.module.css';
import workStyles from './artist-work-card.module.css';
import { type ArtistDetail, baseAmount, formatIndex, indexIn, latestTurnover, recordOf } from './figures';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/artists" data-testid="artist-back" className={styles.backLink}>
      <span className={styles.backIcon}>
        <Icon name="arrowBack" small />
      </span>
      {t('artists.detail.back')}
    </Link>
  );
}

function KeyFigure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <div className={styles.figure}>
      <FigureLabel>{label}</FigureLabel>
      <dd data-testid={testId} className={styles.figureValue}>
        {value}
      </dd>
      {note && <dd className={styles.figureNote}>{note}</dd>}
    </div>
  );
}

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className={styles.heading}>
      <h2 id={id} className={styles.headingTitle}>
        {title}
      </h2>
      <div className={styles.headingRule} />
      {intro && <p className={styles.headingIntro}>{intro}</p>}
    </div>
  );
}

function Artist({ artist, baseUrl, currency }: { artist: ArtistDetail; baseUrl: string; currency: Currency }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const life = lifeYears(artist.life_dates, (year) => t('artists.born', { year }));
  const record = recordOf(artist);
  const turnover = latestTurnover(artist.turnover);
  const hundred = baseAmount(currency, language);
  const none = t('artists.figures.none');

  return (
    <>
      <section className={styles.intro}>
        <ArtworkImage
          src={mediaUrl(baseUrl, artist.img)}
          alt={artist.name}
          sizes={ARTIST_PORTRAIT_SIZES}
          ratio={1}
          priority
          className={styles.portrait}
        />
        <div>
          <p className={styles.eyebrow}>{t('artists.detail.eyebrow')}</p>
          <h1 data-testid="artist-name" className={styles.name}>
            {artist.name}
          </h1>
          {life && (
            <p data-testid="artist-life" className={styles.life}>
              {life}
            </p>
          )}
          <div className={styles.rule} />
          <p data-testid="artist-bio" className={styles.bio}>
            {localized(artist.bio, language)}
          </p>

          <dl aria-label={t('artists.detail.keyFigures')} className={styles.figures}>
            <KeyFigure
              label={t('artists.figures.ic')}
              value={formatIndex(indexIn(artist, currency), language)}
              note={t('artists.figures.icExplanation', { amount: hundred })}
              testId="artist-ic"
            />
            <KeyFigure
              label={t('artists.figures.record')}
              value={record ? formatAmount(record, language) : none}
              testId="artist-record"
            />
            <KeyFigure
              label={
                turnover ? t('artists.figures.turnover', { year: turnover.year }) : t('artists.figures.turnoverNone')
              }
              value={turnover ? formatAmount(turnover.value, language) : none}
              testId="artist-turnover"
            />
          </dl>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="artist-market-title">
        <SectionHeading
          id="artist-market-title"
          title={t('artists.detail.marketTitle')}
          intro={t('artists.detail.marketIntro', { amount: hundred })}
        />
        <ArtistMarket artist={artist} currency={currency} />
      </section>

      <section className={styles.section} aria-labelledby="artist-works-title">
        <SectionHeading
          id="artist-works-title"
          title={t('artists.detail.worksTitle')}
          intro={t('artists.detail.worksIntro', { name: artist.name })}
        />
        {artist.paintings.length === 0 ? (
          <p data-testid="artist-no-works" className={styles.noWorks}>
            {t('artists.detail.noWorks')}
          </p>
        ) : (
          <ul className={workStyles.grid}>
            {artist.paintings.map((painting) => (
              <li key={painting.id} className={workStyles.item}>
                <ArtistWorkCard painting={painting} baseUrl={baseUrl} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

const ERROR: PageErrorClasses = {
  alert: styles.errorAlert,
  icon: styles.errorIcon,
  message: styles.errorMessage,
  action: styles.errorAction,
  retry: styles.errorRetry,
};

function DetailSkeleton() {
  return (
    <div data-testid="artist-loading" aria-busy="true" className={styles.intro}>
      <span className={styles.portraitBone} />
      <div>
        <span className={styles.line} style={{ width: 80 }} />
        <span className={styles.line} style={{ fontSize: '3.6rem', width: '75%' }} />
        <span className={styles.line} style={{ fontSize: '1.5rem', width: 140 }} />
        <span className={styles.line} style={{ marginTop: 32 }} />
        <span className={styles.line} />
        <span className={styles.line} style={{ width: '60%' }} />
      </div>
    </div>
  );
}

/** /artists/details/:artistId: portrait, biography, key figures, market charts and works of one artist. */
export function ArtistDetailScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const artistId = useParams().artistId ?? '';
  const query = useArtistDetail(artistId, currency);
  // Kept while the currency changes; never another artist's page while this one loads.
  const data = query.data?.artist.id === artistId ? query.data : undefined;
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  const title = notFound ? t('artists.detail.notFoundTitle') : (data?.artist.name ?? t('artists.detail.eyebrow'));
  usePageMeta(title, data ? t('artists.detail.metaDescription', { name: data.artist.name }) : undefined);

  let content: ReactNode;
  if (notFound) {
    content = (
      <div data-testid="artist-not-found" className={styles.notFound}>
        <p className={styles.eyebrow}>404</p>
        <h1 className={styles.notFoundTitle}>{localized(errorText(query.error), language)}</h1>
        <div className={styles.notFoundRule} />
        <p className={styles.notFoundText}>{t('artists.detail.notFoundText')}</p>
        <Link to="/artists" className={`${buttons.button} ${buttons.outlined}`}>
          {t('artists.detail.back')}
        </Link>
      </div>
    );
  } else if (query.isError && !data) {
    content = (
      <PageError
        classes={ERROR}
        testId="artist-error"
        retryLabel={t('artists.error.retry')}
        onRetry={() => query.refetch()}
      >
        <span className={styles.errorTitle}>{t('artists.detail.errorTitle')}</span>
        {localized(errorText(query.error), language)}
      </PageError>
    );
  } else if (!data) {
    content = <DetailSkeleton />;
  } else {
    content = <Artist artist={data.artist} baseUrl={data.base_url} currency={currency} />;
  }

  return (
    <div className={styles.page}>
      <div data-testid="artist-screen" className={styles.screen}>
        {!notFound && (
          <div className={styles.back}>
            <BackLink />
          </div>
        )}
        {content}
      </div>
    </div>
  );
}
