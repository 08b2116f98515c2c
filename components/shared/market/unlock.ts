import type { UnlockDTO } from '@/lib/api/schemas/market';
import { RequestError } from '@/lib/api/request-error';

export const MEMBER_PAGE = '/equitiesCentre/member';
export const buyPage = (productCode: string) =>
  `/equitiesCentre/purchaseDataContent?product=${encodeURIComponent(productCode)}`;

export type Lock = { message: string; unlock: UnlockDTO };

/** A refusal of the access policy (code 403 with what would unlock it), else null. */
export function lockOf(e: unknown): Lock | null {
  if (!(e instanceof RequestError) || e.code !== 403) return null;
  const d = e.data as Partial<UnlockDTO> | undefined;
  const reason = d?.reason ?? 'login';
  return { message: e.text, unlock: { ...d, reason } as UnlockDTO };
}

export function isRequestError(x: unknown): x is RequestError {
  return x instanceof RequestError;
}
