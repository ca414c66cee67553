import catalogue from 'virtual:parcelle-catalogue/fr';
import { type Bundle, mergeAreas, type Tree } from './bundle';
import common from './locales/fr.json';

/**
 * The interface in French: its own chunk, so that the browser loads only the language of the page (i18n.ts).
 */
const bundle: Bundle = {
  translation: mergeAreas(common, import.meta.glob<Tree>('./locales/*.fr.json', { eager: true, import: 'default' })),
  msg: catalogue,
};

export default bundle;
