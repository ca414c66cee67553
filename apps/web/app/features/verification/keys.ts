/** The member's verification case in the query cache (issue 29): read by the page and by every money gate. */
export const VERIFICATION_KEY = ['user', 'verification'] as const;

/** The step a gated call names (403 `step`), resolved on /user/verification. */
export const IDENTITY_STEP = 'identity_verification';

/** Dispatched on `window` by the API client when a call is refused with a step (session/api.ts). */
export const STEP_REFUSED_EVENT = 'parcelle:step-refused';
