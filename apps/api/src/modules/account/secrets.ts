import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of sensitive member data (the IBAN): AES-256-GCM with a key derived by HKDF-SHA256
 * from the server secret and a per-purpose label. Each value gets a random 96-bit nonce; the
 * associated data (the member's id) binds a ciphertext to its row, so it cannot be moved to another.
 * Format: `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 'v1';

function keyFor(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'parcelle-at-rest', `parcelle:${purpose}:${VERSION}`, 32));
}

export function encryptSecret(serverSecret: string, purpose: string, plaintext: string, associated: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverSecret, purpose), nonce);
  cipher.setAAD(Buffer.from(associated));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the value was altered, belongs to another row or was made with another secret. */
export function decryptSecret(serverSecret: string, purpose: string, sealed: string, associated: string): string {
  const [version, nonce, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(serverSecret, purpose), Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(associated));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The same scheme for files (issue 29: identity documents): AES-256-GCM under the purpose's HKDF key, a random nonce,
 * the associated data binding the ciphertext to its row. Binary format: `v1` (2 bytes), nonce (12), tag (16), ciphertext.
 */
export function encryptBytes(serverSecret: string, purpose: string, plaintext: Buffer, associated: string): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverSecret, purpose), nonce);
  cipher.setAAD(Buffer.from(associated));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from(VERSION, 'latin1'), nonce, cipher.getAuthTag(), ciphertext]);
}

/** Throws when the bytes were altered, belong to another row or were sealed with another secret. */
export function decryptBytes(serverSecret: string, purpose: string, sealed: Buffer, associated: string): Buffer {
  if (sealed.length < 30 || sealed.toString('latin1', 0, 2) !== VERSION) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(serverSecret, purpose), sealed.subarray(2, 14));
  decipher.setAAD(Buffer.from(associated));
  decipher.setAuthTag(sealed.subarray(14, 30));
  return Buffer.concat([decipher.update(sealed.subarray(30)), decipher.final()]);
}
