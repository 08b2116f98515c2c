'use client';

import { startMarketCalls } from './early-calls';

// The first charts' calls (and the charts' code) are asked as this module runs in the browser
// (early-calls.ts; docs/decisions/market-early-calls.md). The page renders MarketStart ahead of
// everything else, so this module runs first of the page's own: on the desktop page before antd's
// modules are evaluated, which took the calls' departure about 0.1–0.2 s later than on the phone.
if (typeof window !== 'undefined') startMarketCalls();

/** Renders nothing: placed first in a market page, its module (above) starts the page's calls. */
export function MarketStart() {
  return null;
}
