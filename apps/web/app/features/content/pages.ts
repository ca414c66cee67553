import type { ContentType } from '@parcelle/shared/contracts/catalogue';

/** Families of editorial pages: the eyebrow above the title and the "see also" links at the end. */
export type ContentSection = 'house' | 'help' | 'legal' | 'guarantees';

type PageDef = {
  path: string;
  /** i18n key of the page's name (shared `pages.*` texts), used before the API answers and in "see also". */
  nameKey: string;
  /** i18n key of the meta description, in this area's locale file. */
  descriptionKey: string;
  section: ContentSection;
};

export const CONTENT_PAGES: Record<ContentType, PageDef> = {
  about: { path: '/about', nameKey: 'pages.about', descriptionKey: 'content.meta.about', section: 'house' },
  presentation: {
    path: '/presentation',
    nameKey: 'pages.presentation',
    descriptionKey: 'content.meta.presentation',
    section: 'house',
  },
  collaborators: {
    path: '/collaborators',
    nameKey: 'pages.collaborators',
    descriptionKey: 'content.meta.collaborators',
    section: 'house',
  },
  partners: { path: '/partners', nameKey: 'pages.partners', descriptionKey: 'content.meta.partners', section: 'house' },
  board: { path: '/board', nameKey: 'pages.board', descriptionKey: 'content.meta.board', section: 'house' },
  press: { path: '/press', nameKey: 'pages.press', descriptionKey: 'content.meta.press', section: 'house' },
  faqs: { path: '/faqs', nameKey: 'pages.faqs', descriptionKey: 'content.meta.faqs', section: 'help' },
  lexique: { path: '/lexique', nameKey: 'pages.lexique', descriptionKey: 'content.meta.lexique', section: 'help' },
  terms: { path: '/terms', nameKey: 'pages.terms', descriptionKey: 'content.meta.terms', section: 'legal' },
  'privacy-policy': {
    path: '/privacy-policy',
    nameKey: 'pages.privacy',
    descriptionKey: 'content.meta.privacyPolicy',
    section: 'legal',
  },
  cookies: { path: '/cookies', nameKey: 'pages.cookies', descriptionKey: 'content.meta.cookies', section: 'legal' },
  devigulation: {
    path: '/devigulation',
    nameKey: 'pages.devigulation',
    descriptionKey: 'content.meta.devigulation',
    section: 'legal',
  },
  coverage: {
    path: '/coverage',
    nameKey: 'pages.coverage',
    descriptionKey: 'content.meta.coverage',
    section: 'guarantees',
  },
  risks: { path: '/risks', nameKey: 'pages.risks', descriptionKey: 'content.meta.risks', section: 'legal' },
};

export const SECTION_LABEL: Record<ContentSection, string> = {
  house: 'content.section.house',
  help: 'content.section.help',
  legal: 'content.section.legal',
  guarantees: 'content.section.guarantees',
};

/** Legal texts show when they were last updated. */
export const isLegal = (type: ContentType) => CONTENT_PAGES[type].section === 'legal';

/** The other pages of the same family, for the links at the end of a page. */
export function siblingsOf(type: ContentType): { type: ContentType; path: string; nameKey: string }[] {
  const section = CONTENT_PAGES[type].section;
  return (Object.entries(CONTENT_PAGES) as [ContentType, PageDef][])
    .filter(([other, def]) => other !== type && def.section === section)
    .map(([other, def]) => ({ type: other, path: def.path, nameKey: def.nameKey }));
}
