/** Navigation of spec §2. Labels are i18n keys. */
export type NavLinkDef = { to: string; label: string; testId: string };

export const HEADER_LINKS: readonly NavLinkDef[] = [
  { to: '/about', label: 'nav.about', testId: 'nav-about' },
  { to: '/artists', label: 'nav.artists', testId: 'nav-artists' },
  { to: '/primary-market', label: 'nav.primaryMarket', testId: 'nav-primary-market' },
  { to: '/secondary-market', label: 'nav.secondaryMarket', testId: 'nav-secondary-market' },
  { to: '/gallery', label: 'nav.gallery', testId: 'nav-gallery' },
];

export const DRAWER_LINKS: readonly NavLinkDef[] = [
  { to: '/', label: 'nav.home', testId: 'drawer-home' },
  { to: '/about', label: 'nav.about', testId: 'drawer-about' },
  { to: '/artists', label: 'nav.artists', testId: 'drawer-artists' },
  { to: '/primary-market', label: 'nav.primaryMarket', testId: 'drawer-primary-market' },
  { to: '/secondary-market', label: 'nav.secondaryMarket', testId: 'drawer-secondary-market' },
  { to: '/gallery', label: 'nav.gallery', testId: 'drawer-gallery' },
];

export const MEMBER_LINKS: readonly NavLinkDef[] = [
  { to: '/user/profile', label: 'account.profile', testId: 'account-profile' },
  { to: '/user/portfolio', label: 'account.portfolio', testId: 'account-portfolio' },
  { to: '/user/finance', label: 'account.finance', testId: 'account-finance' },
  { to: '/user/history', label: 'account.history', testId: 'account-history' },
];

/** The journal lives outside the app (spec §2 "an external blog"); set VITE_BLOG_URL at build time. */
export const BLOG_URL: string = import.meta.env.VITE_BLOG_URL || 'https://blog.parcelle.art';

export type FooterLink = { to: string; label: string; external?: boolean };

export const FOOTER_COLUMNS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'footer.discover',
    links: [
      { to: '/', label: 'footer.home' },
      { to: '/about', label: 'footer.about_us' },
      { to: '/artists', label: 'footer.artists' },
      { to: '/primary-market', label: 'footer.primaryMarket' },
      { to: '/secondary-market', label: 'footer.secondaryMarket' },
      { to: '/gallery', label: 'footer.gallery' },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { to: '/collaborators', label: 'footer.collaborators' },
      { to: '/press', label: 'footer.press' },
      { to: '/faqs', label: 'footer.faqs' },
      { to: '/exits', label: 'footer.exits' },
      { to: BLOG_URL, label: 'footer.blog', external: true },
      { to: '/board', label: 'footer.board' },
      { to: '/lexique', label: 'footer.lexique' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { to: '/terms', label: 'footer.terms' },
      { to: '/privacy-policy', label: 'footer.privacy' },
      { to: '/risks', label: 'footer.risks' },
      { to: '/devigulation', label: 'footer.devigulation' },
      { to: '/cookies', label: 'footer.cookies' },
      { to: '/complaints', label: 'footer.complaints' },
    ],
  },
];

/** Spec §2: the back arrow leads to /user/market from the primary-market page, /user/profile from edit, else /. */
export function backTarget(pathname: string): string {
  if (pathname.startsWith('/user/market/primary-market')) return '/user/market';
  if (pathname.startsWith('/user/edit')) return '/user/profile';
  return '/';
}

/** Auth screens that already offer signing in: the header's login button is hidden there. */
export const HIDE_LOGIN_ON: readonly string[] = ['/connexion', '/login', '/register'];
