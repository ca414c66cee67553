import { useTranslation } from 'react-i18next';
import type { HomeData } from '../catalogue/api';
import { formatCount } from '../catalogue/format';
import { useLanguage } from '../i18n/language';
import hidden from '../layout/visually-hidden.module.css';
import styles from './home.module.css';

type Figure = { key: 'individuals' | 'countries' | 'artists' | 'paintings'; value: number | undefined };

/** The home boxes (spec §2: countries and individuals counts), with the catalogue's size beside them. */
export function HomeFigures({ data }: { data: HomeData | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const figures: Figure[] = [
    { key: 'individuals', value: data?.boxes.individuals },
    { key: 'countries', value: data?.boxes.countries },
    { key: 'artists', value: data?.statistics.artists },
    { key: 'paintings', value: data?.statistics.paintings },
  ];
  return (
    <section aria-labelledby="home-figures" className={styles.figures}>
      <div className={styles.figuresInner}>
        <h2 id="home-figures" className={hidden.visuallyHidden}>
          {t('home.figures.title')}
        </h2>
        <dl className={styles.figureList}>
          {figures.map((figure) => (
            <div key={figure.key} data-testid={`home-box-${figure.key}`}>
              <dt className={styles.figureName}>{t(`home.figures.${figure.key}`)}</dt>
              <dd className={styles.figureData}>
                <span className={styles.figureValue} data-testid={`home-box-${figure.key}-value`}>
                  {figure.value === undefined ? (
                    <span className={styles.figureValuePlaceholder} />
                  ) : (
                    formatCount(figure.value, language)
                  )}
                </span>
                <span className={styles.figureText}>{t(`home.figures.${figure.key}Text`)}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
