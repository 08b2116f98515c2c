import type { Lock } from '../unlock';
import type { Market } from '../use-market';
import type { MarketT } from './parts';

/** What every section of the market page is given: the page's state, its words, and whether it is a phone's. */
export type SectionProps = { m: Market; t: MarketT; compact?: boolean };

// The page renders again on every answer of its dozen calls: a chart's rows are made once per answer
// (and the charts, memoised, draw again only when those change).
export const NO_LOCKS: Lock[] = [];
