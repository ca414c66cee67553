import type { NavLinkDef } from '../layout/links';

/**
 * Every page of the member area, as its navigation lists them (spec §2's Profile, Portfolio, Finance, History, then
 * the pages later issues added). Withdrawals and Notifications have their own entries (issue 31).
 */
export const MEMBER_AREA_LINKS: readonly NavLinkDef[] = [
  { to: '/user/profile', label: 'account.profile', testId: 'account-profile' },
  { to: '/user/portfolio', label: 'account.portfolio', testId: 'account-portfolio' },
  { to: '/user/finance', label: 'account.finance', testId: 'account-finance' },
  { to: '/user/withdraw', label: 'account.withdrawals', testId: 'account-withdrawals' },
  { to: '/user/history', label: 'account.history', testId: 'account-history' },
  { to: '/user/parts', label: 'account.parts', testId: 'account-parts' },
  { to: '/user/market', label: 'account.market', testId: 'account-market' },
  { to: '/user/notifications', label: 'account.notifications', testId: 'account-notifications' },
  { to: '/user/watchlist', label: 'account.watchlist', testId: 'account-watchlist' },
  { to: '/user/verification', label: 'account.verification', testId: 'account-verification' },
  { to: '/user/complaints', label: 'account.complaints', testId: 'account-complaints' },
  { to: '/user/investor-profile', label: 'account.investorProfile', testId: 'account-investor-profile' },
];

/** The entry a page belongs to: its own, or the one it sits under (/user/edit under Profile, the market's pages). */
export function currentMemberLink(pathname: string): NavLinkDef | undefined {
  const owner = pathname.startsWith('/user/edit') ? '/user/profile' : pathname;
  return MEMBER_AREA_LINKS.find((link) => owner === link.to || owner.startsWith(`${link.to}/`));
}
