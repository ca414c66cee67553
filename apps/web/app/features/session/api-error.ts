import { clientMessages as messages } from '@parcelle/shared/i18n/client-messages';
import type { Localized } from '@parcelle/shared/i18n/messages';

/** A failed call: the HTTP status and the server's error in both languages (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly error: Localized;
  /** The step that resolves a refusal and the page where it is taken (`identity_verification`, issue 29). */
  readonly step: string | undefined;
  readonly page: string | undefined;

  constructor(status: number, error: Localized, next?: { step?: unknown; page?: unknown }) {
    super(error.en);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.step = typeof next?.step === 'string' ? next.step : undefined;
    this.page = typeof next?.page === 'string' ? next.page : undefined;
  }

  /** The error in the interface language. */
  text(language: 'en' | 'fr'): string {
    return this.error[language] || this.error.en;
  }
}

export function isLocalized(value: unknown): value is Localized {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as Localized).en === 'string' &&
    typeof (value as Localized).fr === 'string'
  );
}

/** No answer at all (offline, server down): the request never reached the API. */
export const NETWORK_ERROR: Localized = {
  en: 'The service cannot be reached. Please check your connection and try again.',
  fr: 'Le service est injoignable. Veuillez vérifier votre connexion et réessayer.',
};

/** The error of any thrown value, in both languages. */
export function errorText(error: unknown): Localized {
  if (error instanceof ApiError) return error.error;
  return messages.SomethingWentWrong;
}

/** 401 answers that ask for a new token pair (spec §8). */
export const EXPIRED_TOKEN_ERRORS: readonly string[] = [messages.JwtTokenExpired.en, messages.InvalidToken.en];
/** 401 answers after which the session is over. */
export const ENDED_SESSION_ERRORS: readonly string[] = [messages.AccountDeactivated.en, messages.TokenDoesNotExist.en];
