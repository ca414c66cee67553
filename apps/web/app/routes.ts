import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/** Every route of spec §2. Each module is its own chunk, loaded when its route is visited. */
export default [
  layout('routes/shell.tsx', [
    // Public
    index('routes/home.tsx'),
    route('artists', 'routes/artists.tsx'),
    route('artists/details/:artistId', 'routes/artist-details.tsx'),
    route('primary-market', 'routes/primary-market.tsx'),
    route('primary-market/details/:paintingId', 'routes/painting-details.tsx', {
      id: 'routes/primary-painting-details',
    }),
    route('secondary-market', 'routes/secondary-market.tsx'),
    route('secondary-market/details/:paintingId', 'routes/painting-details.tsx'),
    route('gallery', 'routes/gallery.tsx'),
    route('about', 'routes/about.tsx'),
    route('presentation', 'routes/presentation.tsx'),
    route('collaborators', 'routes/collaborators.tsx'),
    route('partners', 'routes/partners.tsx'),
    route('board', 'routes/board.tsx'),
    route('press', 'routes/press.tsx'),
    route('faqs', 'routes/faqs.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('lexique', 'routes/lexique.tsx'),
    route('cookies', 'routes/cookies.tsx'),
    route('devigulation', 'routes/devigulation.tsx'),
    route('coverage', 'routes/coverage.tsx'),
    route('risks', 'routes/risks.tsx'),
    route('exits', 'routes/exits.tsx'),
    route('complaints', 'routes/complaints.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('newsletter/subscribe', 'routes/newsletter-subscribe.tsx'),
    route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
    route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
    route('account/freeze', 'routes/account-freeze.tsx'),
    route('buy', 'routes/buy.tsx'),
    route('reset-password/:token', 'routes/reset-password.tsx'),
    route('set-password/:token', 'routes/set-password.tsx'),
    route('change-password', 'routes/change-password.tsx'),
    route('certificates/verify/:number', 'routes/certificate-verify.tsx'),
    route('key-information/:paintingId', 'routes/key-information.tsx'),

    // Guests only
    layout('routes/guest-only.tsx', [
      route('login', 'routes/login.tsx'),
      route('register', 'routes/register.tsx'),
      route('forgot', 'routes/forgot.tsx'),
      route('connexion', 'routes/connexion.tsx'),
      route('email-confirm', 'routes/email-confirm.tsx'),
    ]),

    // Members only
    route('verify-email', 'routes/verify-email.tsx'),
    route('user', 'routes/user.tsx', [
      index('routes/user-unknown.tsx', { id: 'routes/user-index' }),
      route('profile', 'routes/user-profile.tsx'),
      route('edit', 'routes/user-edit.tsx'),
      route('portfolio', 'routes/user-portfolio.tsx'),
      route('finance', 'routes/user-finance.tsx'),
      route('history', 'routes/user-history.tsx'),
      route('market', 'routes/user-market.tsx'),
      route('market/primary-market', 'routes/user-market-primary.tsx'),
      route('parts', 'routes/user-parts.tsx'),
      route('withdraw', 'routes/user-withdraw.tsx'),
      route('notifications', 'routes/user-notifications.tsx'),
      route('watchlist', 'routes/user-watchlist.tsx'),
      route('verification', 'routes/user-verification.tsx'),
      route('investor-profile', 'routes/user-investor-profile.tsx'),
      route('revocation', 'routes/user-revocation.tsx'),
      route('complaints', 'routes/user-complaints.tsx'),
      route('*', 'routes/user-unknown.tsx'),
    ]),

    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
