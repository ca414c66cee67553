import { useTranslation } from 'react-i18next';
import styles from './home.module.css';

const STEPS = ['one', 'two', 'three'] as const;

/** How Parcelle works, in three numbered steps (plain elements, decision 525). */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className={styles.band}>
      <p className={styles.eyebrow}>{t('home.steps.eyebrow')}</p>
      <h2 className={styles.stepsTitle}>{t('home.steps.title')}</h2>
      <ol className={styles.steps}>
        {STEPS.map((step, index) => (
          <li key={step} className={styles.step}>
            <p aria-hidden="true" className={styles.stepNumber}>
              {String(index + 1).padStart(2, '0')}
            </p>
            <h3 className={styles.stepTitle}>{t(`home.steps.${step}Title`)}</h3>
            <p className={styles.stepText}>{t(`home.steps.${step}Text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
