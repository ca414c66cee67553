import type { TRegisterRequest } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import type { TestApp } from './test-app';

let sequence = 0;

/** A valid registration payload (first form of spec §3) with a unique email. */
export function registration(overrides: Partial<TRegisterRequest> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    first_name: 'Camille',
    last_name: 'Martin',
    email: `member${sequence}.${Date.now()}@example.com`,
    slug: 'FR',
    country_code: '+33',
    number: '612345678',
    password: 'Secret!pass1',
    password_confirmation: 'Secret!pass1',
    country: 'FR',
    birth_date: '1990-05-17',
    lang: 'en',
    device_token: 'test-device',
    device_type: 'web',
    ...overrides,
  };
}

/** The newest email or SMS sent to an address, from the outbox. */
export async function lastMessageTo(t: TestApp, to: string) {
  const response = await t.call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return response.json<{ data: { subject: string; text: string }[] }>().data[0];
}

export function codeIn(text: string | undefined): string {
  const match = /\b(\d{6})\b/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

/** Registers a member and returns their tokens and email; `verified` also confirms the email code. */
export async function createMember(
  t: TestApp,
  options: { verified?: boolean; overrides?: Partial<TRegisterRequest> } = {},
) {
  const payload = registration(options.overrides);
  const response = await t.call('POST', '/api/user/register', { body: payload });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  const data = response.json<{ data: { access_token: string; refresh_token: string } }>().data;
  const email = String(payload.email);
  if (options.verified) {
    const code = codeIn((await lastMessageTo(t, email))?.text);
    const verify = await t.call('POST', '/api/user/email/verify', { body: { code }, token: data.access_token });
    if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  }
  return {
    email,
    password: String(payload.password),
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
  };
}

export async function userRow(t: TestApp, email: string) {
  const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}
