import { randomBytes } from 'node:crypto';
import type { Currency, Language, SocialProvider, TSessionData, TSocialProvidersData } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify } from 'jose';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../context';
import { socialAccounts, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors';
import { createAccount } from '../account/users';
import { issueCode } from '../codes/service';
import { verificationCodeEmail } from '../notifications/emails';
import { hashPassword } from './passwords';
import { findUserByEmail, sessionData } from './service';

/** Tenant id of personal Microsoft accounts, whose email addresses Microsoft has verified. */
const MICROSOFT_CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);

type Identity = {
  provider: SocialProvider;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

/** One key set per JWKS address, shared by every request: jose caches keys and refetches on an unknown `kid`. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

const failed = () => unauthorized('SomethingWentWrong');

/** Letters, spaces, apostrophes and dashes only (the profile's name rule), at most 100 characters. */
function cleanName(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/[^\p{L}\p{M}\s'-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
}

function namesOf(payload: JWTPayload): { firstName: string; lastName: string } {
  let firstName = cleanName(payload.given_name);
  let lastName = cleanName(payload.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = cleanName(payload.name).split(' ');
    firstName = first;
    lastName = rest.join(' ');
  }
  return { firstName: firstName || 'Member', lastName: lastName || firstName || 'Member' };
}

async function verifyGoogle(config: NonNullable<AppConfig['social']['google']>, token: string): Promise<Identity> {
  const { payload } = await jwtVerify(token, keySet(config.jwksUrl), {
    audience: config.clientId,
    issuer: config.issuers,
    algorithms: ['RS256'],
    requiredClaims: ['sub', 'exp', 'iat'],
    clockTolerance: 5,
  });
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || !verified) throw failed();
  return {
    provider: 'google',
    subject: payload.sub,
    email: payload.email.toLowerCase(),
    emailVerified: true,
    ...namesOf(payload),
  };
}

async function verifyMicrosoft(
  config: NonNullable<AppConfig['social']['microsoft']>,
  token: string,
): Promise<Identity> {
  // The issuer depends on the tenant the token names; it is then checked with the signature.
  const tid = decodeJwt(token).tid;
  if (typeof tid !== 'string' || !TENANT_ID.test(tid)) throw failed();
  const tenant = config.tenant.toLowerCase();
  if (!MULTI_TENANT.has(tenant) && tid.toLowerCase() !== tenant) throw failed();
  if (tenant === 'consumers' && tid !== MICROSOFT_CONSUMERS_TENANT) throw failed();
  if (tenant === 'organizations' && tid === MICROSOFT_CONSUMERS_TENANT) throw failed();
  const { payload } = await jwtVerify(token, keySet(config.jwksUrl), {
    audience: config.clientId,
    issuer: config.issuer.replace('{tenantid}', tid),
    algorithms: ['RS256'],
    requiredClaims: ['sub', 'exp', 'iat'],
    clockTolerance: 5,
  });
  // `preferred_username` is not an email a tenant has to own: only `email` is used.
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || !payload.email.includes('@'))
    throw failed();
  return {
    provider: 'microsoft',
    subject: payload.sub,
    email: payload.email.toLowerCase(),
    // Work and school tenants set emails themselves: verified only for personal accounts or a verified domain.
    emailVerified: tid === MICROSOFT_CONSUMERS_TENANT || payload.xms_edov === true,
    ...namesOf(payload),
  };
}

async function verifyIdToken(config: AppConfig, provider: SocialProvider, token: string): Promise<Identity> {
  try {
    if (provider === 'google') {
      if (!config.social.google) throw badRequest('SocialProviderNotConfigured', 'token_type');
      return await verifyGoogle(config.social.google, token);
    }
    if (!config.social.microsoft) throw badRequest('SocialProviderNotConfigured', 'token_type');
    return await verifyMicrosoft(config.social.microsoft, token);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JWTExpired) throw unauthorized('TokenExpired');
    throw failed();
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

async function linkedMember(ctx: AppContext, identity: Identity): Promise<Member | undefined> {
  const [row] = await ctx.database.db
    .select({ user: users })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, identity.provider), eq(socialAccounts.subject, identity.subject)));
  return row?.user;
}

/**
 * Sign-in with a Google or Microsoft ID token. A linked identity signs its member in; a new one
 * creates the member (no phone yet, a random password they can reset). An existing account with the
 * same email is never linked automatically: whoever controls a provider account must not take over
 * a Parcelle account by its email alone.
 */
export async function socialLogin(
  ctx: AppContext,
  input: {
    token: string;
    token_type: SocialProvider;
    device_token: string;
    device_type: string;
    curr?: Currency | undefined;
    lang?: Language | undefined;
  },
): Promise<TSessionData> {
  const identity = await verifyIdToken(ctx.config, input.token_type, input.token);
  const device = { deviceToken: input.device_token, deviceType: input.device_type };
  const signIn = (user: Member) => {
    if (user.disabledAt) throw unauthorized('AccountDeactivated');
    return sessionData(ctx, user, device);
  };

  const linked = await linkedMember(ctx, identity);
  if (linked) return signIn(linked);
  if (await findUserByEmail(ctx, identity.email)) throw conflict('SocialEmailExists');

  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), ctx.config);
  let created: Member | undefined;
  try {
    created = await ctx.database.db.transaction(async (tx) => {
      const user = await createAccount(tx, {
        email: identity.email,
        passwordHash,
        firstName: identity.firstName,
        lastName: identity.lastName,
        currency: input.curr ?? 'USD',
        language: input.lang ?? 'en',
        emailVerifiedAt: identity.emailVerified ? new Date() : null,
      });
      await tx
        .insert(socialAccounts)
        .values({ provider: identity.provider, subject: identity.subject, userId: user.id, email: identity.email });
      return user;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two first sign-ins at once: the one that lost signs in to what the other created.
    const raced = await linkedMember(ctx, identity);
    if (raced) return signIn(raced);
    throw conflict('SocialEmailExists');
  }
  if (!created) throw new Error('member creation returned nothing');
  if (!created.emailVerifiedAt) {
    const code = await issueCode(ctx.database.db, ctx.config, { userId: created.id, purpose: 'email_verification' });
    await ctx.mailer.sendEmail({
      to: created.email,
      ...verificationCodeEmail(created.language, { firstName: created.firstName, code }),
    });
  }
  return signIn(created);
}

export function socialProviders(config: AppConfig): TSocialProvidersData {
  const { google, microsoft } = config.social;
  return {
    google: google ? { client_id: google.clientId } : null,
    microsoft: microsoft ? { client_id: microsoft.clientId, tenant: microsoft.tenant } : null,
  };
}
