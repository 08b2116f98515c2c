import 'server-only';

export type StoredObject = { bytes: Uint8Array; contentType: string };

/** Where stored files live: local disk (default) or an S3-compatible bucket. */
export interface FileStorage {
  readonly name: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * A key is slash-separated segments of safe characters, none of them `.` or `..`,
 * so it can never leave the storage root or smuggle in an odd path.
 */
export function isValidKey(key: string): boolean {
  if (key.length > 512) return false;
  const parts = key.split('/');
  return parts.every((p) => SEGMENT.test(p) && p !== '.' && p !== '..' && !p.includes('..'));
}
