/**
 * The few messages the web app's API client needs on every page (session ended, generic failure, captcha): a module
 * of their own so that the browser's first load does not carry the whole catalogue (issue 14). `messages` includes
 * them, so the API and every other reader see one catalogue.
 */
export const clientMessages = {
  SomethingWentWrong: {
    en: 'Something went wrong. Please try again later.',
    fr: "Une erreur s'est produite. Veuillez réessayer plus tard.",
  },
  InternalServerError: { en: 'Internal server error', fr: 'Erreur interne du serveur' },
  JwtTokenExpired: { en: 'Jwt Token Expired', fr: 'Jeton expiré' },
  InvalidToken: { en: 'Invalid Token', fr: 'Jeton invalide' },
  AccountDeactivated: { en: 'Account Deactivated', fr: 'Compte désactivé' },
  TokenDoesNotExist: { en: 'Token does not exist', fr: "Le jeton n'existe pas" },
  LogoutSuccessful: { en: 'Logout successful', fr: 'Déconnexion réussie' },
  CaptchaFailed: { en: 'Captcha verification failed', fr: 'La vérification du captcha a échoué' },
  CaptchaRequired: {
    en: 'Please complete the security check (captcha) to continue.',
    fr: 'Veuillez compléter la vérification de sécurité (captcha) pour continuer.',
  },
} as const;
