import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "Page · Parcelle" (follows the language). */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
