/** A stored object as read back: its bytes and the content type it was stored with. */
export type StoredObject = { bytes: Buffer; contentType: string };

/**
 * Where uploaded media (profile pictures) live. Keys are relative paths of safe segments
 * (`avatars/<uuid>.webp`). Implementations: the local disk under DATA_DIR/media; an S3-compatible
 * bucket can implement the same three calls.
 */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Undefined when there is no such object (or the key is not a valid key). */
  get(key: string): Promise<StoredObject | undefined>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** Lower-case segments of letters, digits, dashes and underscores, with one dot-extension at the end. */
const KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.[a-z0-9]+$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
