import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

import type { AppConfig } from '../../config';

/** argon2id with OWASP's minimum parameters in production (19 MiB, 2 passes); cheaper in tests. */
export function hashPassword(password: string, config: AppConfig): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: config.passwordHashing.memoryCost,
    timeCost: config.passwordHashing.timeCost,
    parallelism: 1,
  });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal which emails exist. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(config: AppConfig): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-!never-matches', config);
  return decoyHash;
}
