import { isMessageKey, type Localized, type MessageKey, messages } from '@parcelle/shared';

/**
 * An expected failure: an HTTP status and a catalogue message, answered as `{ status, error: { en, fr } }`.
 * Services throw it; the error handler turns it into a response. Anything else becomes a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly field?: string,
    /** The catalogue message with its placeholders filled (`fillMessage`), when it has any. */
    readonly text?: Localized,
    /** What went wrong behind the refusal (a provider's failure): logged, never sent to the client. */
    options?: { cause?: unknown },
  ) {
    super((text ?? messages[key]).en, options);
    this.name = 'AppError';
  }
}

/**
 * A refusal that says when to come back, answered with `Retry-After: <seconds>`: 429 (too many attempts) or 503 (what
 * was asked for is not ready yet: a statement still being rendered).
 */
export class RetryLaterError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    key: MessageKey = 'TooManyRequests',
    status: 429 | 503 = 429,
  ) {
    super(status, key);
    this.name = 'RetryLaterError';
  }
}

export const badRequest = (key: MessageKey, field?: string) => new AppError(400, key, field);
export const unauthorized = (key: MessageKey = 'Unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'Forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'NotFound') => new AppError(404, key);
export const conflict = (key: MessageKey) => new AppError(409, key);
export const tooManyRequests = () => new AppError(429, 'TooManyRequests');

export function failureBody(status: number, key: MessageKey | Localized, field?: string) {
  const error = typeof key === 'string' ? messages[key] : key;
  return field ? { status, error, field } : { status, error };
}

/** A refusal that names the step resolving it and the web page where it is taken (the verification gate, issue 29). */
export function hasStep(error: AppError): error is AppError & { step: string; page: string } {
  const { step, page } = error as Partial<{ step: unknown; page: unknown }>;
  return typeof step === 'string' && typeof page === 'string';
}

export function keyOrDefault(value: unknown, fallback: MessageKey): MessageKey {
  return isMessageKey(value) ? value : fallback;
}
