import catalogue from 'virtual:parcelle-catalogue/en';
import { type Bundle, mergeAreas, type Tree } from './bundle';
import common from './locales/en.json';

/**
 * The interface in English: its own chunk, so that the browser loads only the language of the page (i18n.ts).
 */
const bundle: Bundle = {
  translation: mergeAreas(common, import.meta.glob<Tree>('./locales/*.en.json', { eager: true, import: 'default' })),
  msg: catalogue,
};

export default bundle;
