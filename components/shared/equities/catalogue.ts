'use client';

import { useCallback, useMemo, useState } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import type { RequestError } from '@/lib/api/request-error';
import type { DataProductDTO } from '@/lib/api/schemas/data-product';
import { useServerText } from '@/lib/i18n/use-server-text';
import type { PurchaseBody } from './use-purchase-flow';

export const MEMBER_PAGE = '/equitiesCentre/member';
const MARKET_PAGES = ['/functionality', '/mobileFunctionality'];
/** From this many regions on, the list has a filter box. */
const REGION_FILTER_FROM = 8;

/** `?product=CODE` of the catalogue's URL (the market pages' lock links preselect a product). */
export function initialProduct(): string | null {
  if (typeof window === 'undefined') return null;
  const code = new URLSearchParams(window.location.search).get('product');
  return code && /^[\w-]{1,64}$/.test(code) ? code : null;
}

/** Where "back" goes: the market page the visitor came from (a lock's buy link), else the market page. */
export function backPath(): string {
  try {
    const ref = new URL(document.referrer);
    if (ref.origin === window.location.origin && MARKET_PAGES.some((p) => ref.pathname === p))
      return ref.pathname + ref.search;
  } catch {
    // no or foreign referrer
  }
  return '/functionality';
}

/** Remembers the chosen product in the URL, so a reload or a shared link shows it again. */
export function rememberProduct(code: string) {
  const url = new URL(window.location.href);
  url.searchParams.set('product', code);
  window.history.replaceState(window.history.state, '', url);
}

type Buy = (body: PurchaseBody['data_product']) => Promise<RequestError | null>;

/**
 * Choosing regions of one data product (docs/commerce.md), for the desktop and the phone page
 * alike: the buy model (prices, discount, what is held), the regions picked and their total, the
 * filter, and why the product needs a higher level (the memberModal) — from the model before any
 * region is chosen, or from a 403 when buying.
 */
export function useRegionChoice(product: DataProductDTO) {
  const model = useApiQuery('QueryDataProductBuyModelById', { query: { productId: product.code } }, { staleTime: 0 });
  const [picked, setPicked] = useState<string[]>([]);
  const [filter, setFilter] = useState('');
  const [memberModal, setMemberModal] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const m = model.data;
  const clear = useCallback(() => setPicked([]), []);

  // A product above the user's level: the memberModal says so before any region is chosen.
  const text = useServerText();
  const memberReason =
    memberModal ?? (m && !m.eligible && !dismissed ? text(m.refusedMessage, m.refusedReason ?? '') : null);

  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (m?.regions ?? []).filter(
      (r) => !q || r.nameEn.toLowerCase().includes(q) || r.nameZh.includes(q) || r.id.includes(q),
    );
  }, [m, filter]);

  // A whole country costs as much as its provinces on sale: the total adds each region's own price.
  const total = picked.reduce((sum, id) => sum + (m?.regions.find((r) => r.id === id)?.priceFen ?? 0), 0);
  const maxPct = Math.max(0, ...product.discounts.map((d) => d.pct));

  return {
    model,
    picked,
    toggle: (id: string, on: boolean) => setPicked((cur) => (on ? [...cur, id] : cur.filter((x) => x !== id))),
    /** Forgets the regions picked (after the pay modal closes). */
    clear,
    showFilter: (m?.regions.length ?? 0) > REGION_FILTER_FROM,
    setFilter,
    shown,
    total,
    maxPct,
    memberReason,
    closeMember: () => {
      setMemberModal(null);
      setDismissed(true);
    },
    error,
    /** Buys the picked regions; a 403 (a level too low) opens the memberModal, other refusals show inline. */
    submit: async (buy: Buy) => {
      setError(null);
      const failed = await buy({ productId: product.code, regionIds: picked });
      if (failed?.code === 403) setMemberModal(failed.text);
      else if (failed) setError(failed.text);
    },
  };
}
