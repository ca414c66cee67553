import { mergeAreas, type Tree } from './bundle';

/**
 * The member area's texts in English (locales/member/*.en.json: portfolio, finance, history, memberMarket, withdraw):
 * their own chunk, fetched when a member page is first opened (i18n.ts `loadMemberTexts`), so that the public pages'
 * first load does not carry them (issue 14).
 */
const texts: Tree = mergeAreas(
  {},
  import.meta.glob<Tree>('./locales/member/*.en.json', { eager: true, import: 'default' }),
);

export default texts;
