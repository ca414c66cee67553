import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buttons from '../forms/plain-button.module.css';
import styles from './not-found.module.css';
import { PageContainer } from './PageContainer';
import page from './page.module.css';
import { useDocumentTitle } from './use-document-title';

/** An address that leads nowhere: plain elements on a CSS Module (issue 33), no MUI. */
export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.notFound'));
  return (
    <PageContainer>
      <div className={styles.screen} data-testid="not-found">
        <p className={page.eyebrow}>404</p>
        <h1 className={page.title}>{t('pages.notFound')}</h1>
        <p className={styles.text}>{t('notFound.text')}</p>
        <Link to="/" className={`${buttons.button} ${buttons.outlined}`}>
          {t('common.backHome')}
        </Link>
      </div>
    </PageContainer>
  );
}
