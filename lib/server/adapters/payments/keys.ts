import 'server-only';
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Alipay's console hands out keys as bare base64 (PKCS#8 private, SPKI public);
 * PEM is accepted too. Throws when the text is not an RSA key of that kind.
 */
export function parseRsaKey(text: string, kind: 'private' | 'public'): KeyObject {
  const trimmed = text.trim().replace(/\\n/g, '\n');
  let key: KeyObject;
  if (trimmed.startsWith('-----BEGIN')) key = kind === 'private' ? createPrivateKey(trimmed) : createPublicKey(trimmed);
  else {
    const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    key =
      kind === 'private'
        ? tryEach([
            () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
            () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
          ])
        : tryEach([
            () => createPublicKey({ key: der, format: 'der', type: 'spki' }),
            () => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
          ]);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
  return key;
}

function tryEach(fns: (() => KeyObject)[]): KeyObject {
  let last: unknown;
  for (const f of fns) {
    try {
      return f();
    } catch (e) {
      last = e;
    }
  }
  throw last;
}

/** PEM text the alipay-sdk accepts (it reads PKCS#8 with keyType 'PKCS8'). */
export function toPem(key: KeyObject, kind: 'private' | 'public'): string {
  return kind === 'private'
    ? (key.export({ type: 'pkcs8', format: 'pem' }) as string)
    : (key.export({ type: 'spki', format: 'pem' }) as string);
}
