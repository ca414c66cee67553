import { captchaAnswer } from '../captcha/captcha';
import { apiRequest } from '../session/api';

/** POST /auth/forgotpwd {email, captcha}: the server emails a reset link (spec §7); each request solves a captcha. */
export async function requestResetLink(email: string) {
  return apiRequest<unknown>('/auth/forgotpwd', { method: 'POST', body: { email, captcha: await captchaAnswer() } });
}
