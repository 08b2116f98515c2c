'use client';

import { useQuery } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@/lib/api/contract';
import { request } from '@/lib/api/request';
import type { RequestError } from '@/lib/api/request-error';
import { NATION_REGION_ID } from '@/lib/api/schemas/market-ids';
import { lockOf, type Lock } from './unlock';

type TrendBody = BodyOf<'PriceTrend'>;
type IndexBody = BodyOf<'PriceIndex'>;

/**
 * The same request narrowed to what a lock leaves visible, or null when nothing is left:
 * a refused history starts at the first day allowed; a refused region is dropped (a compare line
 * alone, or the chosen region, in which case the nation's line stands in for it).
 */
export function narrowTrend(body: TrendBody, lock: Lock): TrendBody | null {
  const { reason, allowedFrom, regionId } = lock.unlock;
  if (reason === 'history' && allowedFrom && allowedFrom > (body.from ?? '')) return { ...body, from: allowedFrom };
  if ((reason === 'region' || reason === 'login') && regionId) {
    const rest = (body.regionIds ?? [NATION_REGION_ID]).filter((r) => r !== regionId);
    if (rest.length) return { ...body, regionIds: rest };
    if (regionId !== NATION_REGION_ID) return { ...body, regionIds: [NATION_REGION_ID], seasonal: false };
  }
  return null;
}

export function narrowIndex(body: IndexBody, lock: Lock): IndexBody | null {
  const { reason, allowedFrom, regionId } = lock.unlock;
  if (reason === 'history' && allowedFrom && allowedFrom > (body.from ?? '')) return { ...body, from: allowedFrom };
  if (
    (reason === 'region' || reason === 'login') &&
    regionId &&
    (body.regionId ?? NATION_REGION_ID) !== NATION_REGION_ID
  )
    return { ...body, regionId: NATION_REGION_ID };
  return null;
}

export type Allowed<T> = { data: T | null; locks: Lock[] };
const MAX_STEPS = 4;

/**
 * What the viewer may see of a refused series call (locks never blank what the policy allows):
 * the call is narrowed by each refusal until the server answers, and every refusal on the way is
 * kept to be shown as a lock beside what is drawn.
 */
export function useAllowed<N extends 'PriceTrend' | 'PriceIndex'>(
  name: N,
  body: BodyOf<N> | null,
  refused: RequestError | null,
  narrow: (b: BodyOf<N>, lock: Lock) => BodyOf<N> | null,
) {
  const first = lockOf(refused);
  return useQuery<Allowed<ResponseOf<N>>, RequestError>({
    queryKey: [name, 'allowed', body],
    enabled: !!first && !!body,
    retry: false,
    queryFn: async ({ signal }) => {
      const locks = [first!];
      let next = narrow(body!, first!);
      for (let step = 0; next && step < MAX_STEPS; step++) {
        try {
          const data = await request(name, { body: next, signal, skipErrorHandler: true });
          return { data, locks };
        } catch (e) {
          const lock = lockOf(e);
          if (!lock) throw e;
          locks.push(lock);
          next = narrow(next, lock);
        }
      }
      return { data: null, locks };
    },
  });
}

/**
 * Dates at the series' step from `from` up to (not including) `until`: the empty rows of a chart's
 * locked stretch, so the shaded part is as wide as the time it covers.
 */
export function lockedDates(from: string, until: string, granularity: 'day' | 'week' | 'month'): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${until}T00:00:00Z`).getTime();
  if (Number.isNaN(d.getTime()) || Number.isNaN(end)) return out;
  while (d.getTime() < end && out.length < 2000) {
    out.push(d.toISOString().slice(0, 10));
    if (granularity === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCDate(d.getUTCDate() + (granularity === 'week' ? 7 : 1));
  }
  return out;
}
