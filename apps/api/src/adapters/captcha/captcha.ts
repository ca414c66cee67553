/** Verifies that a human (or at least someone paying a proof of work) submitted a form. */
export interface CaptchaVerifier {
  readonly provider: 'altcha' | 'recaptcha' | 'turnstile';
  /** A new challenge for the page (ALTCHA); null for providers whose widget fetches its own. */
  createChallenge(): Promise<unknown | null>;
  verify(value: string, remoteIp?: string): Promise<boolean>;
}
