import { apiRequest } from '../session/api';

/** POST /auth/forgotpwd {email}: the server emails a reset link (spec §7). */
export function requestResetLink(email: string) {
  return apiRequest<unknown>('/auth/forgotpwd', { method: 'POST', body: { email } });
}
