import 'server-only';
import type { Tx } from '../../db/client';
import type { ChangedSeries } from '../market/import/derive';
import { refreshAnomalies } from './anomaly-refresh';

/**
 * What the import pipeline (lib/server/services/market/import/pipeline.ts) asks of alerts, in its
 * transaction, once the derived prices are up to date: the anomaly levels of every series the
 * import changed (docs/market-data.md, "Anomaly levels").
 */
export async function afterImport(tx: Tx, changed: readonly ChangedSeries[]): Promise<{ series: number }> {
  const series = await refreshAnomalies(tx, changed);
  return { series: series.length };
}
