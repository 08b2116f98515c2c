import 'server-only';
import type { UnlockDTO } from '@/lib/api/schemas/market';
import { decide, type Action, type Decision, type Viewer } from '../../../access/market-policy';
import type { Db } from '../../../db/client';
import { fail } from '../../../errors';
import { msg } from '@/lib/i18n/server-messages';
import { todayUtc } from '@/lib/shared/dates';
import type { Lang, RegionRow } from './catalogue';
import { loadOffers } from './offers';

export type AccessCtx = { db: Db; viewer: Viewer; lang: Lang; today: string };

export function accessCtx(db: Db, viewer: Viewer, now: Date, lang: Lang): AccessCtx {
  return { db, viewer, lang, today: todayUtc(now) };
}

/**
 * The policy's answer for one request (docs/access-policy.md), without refusing. `dataEnd`: the
 * last day of the data asked for, where history depth counts from when it is before today.
 */
export async function check(
  ctx: AccessCtx,
  action: Action,
  region: RegionRow,
  categoryCode: string | null,
  from: string,
  dataEnd?: string,
): Promise<Decision> {
  const offers = await loadOffers(ctx.db, ctx.lang);
  return decide(
    ctx.viewer,
    { action, region, categoryCode, from, today: ctx.today, dataEnd },
    offers.levels,
    offers.products,
  );
}

/** Refuses with code 403 and what would unlock it when the policy says no. */
export async function authorize(
  ctx: AccessCtx,
  action: Action,
  region: RegionRow,
  categoryCode: string | null,
  from: string,
  dataEnd?: string,
) {
  const d = await check(ctx, action, region, categoryCode, from, dataEnd);
  if (!d.ok) {
    const unlock: UnlockDTO = { reason: d.reason, regionId: region.id, ...d.unlock };
    throw fail.forbidden(msg('market.refused', { region: region.name, why: d.message }), unlock);
  }
  return d;
}

export type { Viewer };
