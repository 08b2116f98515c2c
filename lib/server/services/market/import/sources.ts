import 'server-only';
import { DEMO_LICENCE, DEMO_SOURCE } from '../../../market/demo-series';
import { WFP_ATTRIBUTION, WFP_SOURCE } from '../../../market/wfp';

/** The line shown next to a source's figures (docs/market-data.md: provenance on every figure). */
export function attributionOf(source: string, licence: string): string {
  if (source === WFP_SOURCE) return WFP_ATTRIBUTION;
  if (source === DEMO_SOURCE || licence === DEMO_LICENCE) return 'Demo data (generated), not observations';
  return `Source: ${source} (${licence})`;
}

export { DEMO_LICENCE, DEMO_SOURCE };
