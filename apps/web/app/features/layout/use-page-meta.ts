import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

function setDescription(text: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = text;
}

/**
 * The page's title ("Page · Parcelle") and meta description, in the current language (they follow a
 * language switch). Without a description the site's own is used.
 */
export function usePageMeta(title: string | undefined, description?: string) {
  const { t } = useTranslation();
  const appName = t('common.appName');
  const fallback = t('common.metaDescription');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
    setDescription(description || fallback);
  }, [title, description, appName, fallback]);
}
