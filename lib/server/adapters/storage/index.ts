import 'server-only';
import { env } from '../../env';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './types';

export type { FileStorage, StoredObject } from './types';
export { isValidKey } from './types';

/** The store FILE_STORAGE selects (validated in env.ts). */
export function fileStorage(): FileStorage {
  const e = env();
  if (e.FILE_STORAGE === 's3') {
    return new S3Storage({
      endpoint: e.S3_ENDPOINT!,
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorage(e.FILES_DIR);
}

/** The public base of stored files (FilePathPrefix), always ending in a slash. */
export function filesPublicPath(): string {
  const p = env().FILES_PUBLIC_PATH;
  return p.endsWith('/') ? p : p + '/';
}
