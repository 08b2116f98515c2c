import 'server-only';
import type { Tx } from '../../db/client';
import type { ChangedSeries } from '../market/import/derive';
import { refreshAnomalies } from './anomaly-refresh';
import { evaluateRules, type Evaluation } from './evaluate';

/**
 * What the import pipeline (lib/server/services/market/import/pipeline.ts) asks of alerts, in its
 * transaction, once the derived prices are up to date (docs/alerts.md): the anomaly levels of every
 * series the import changed, then the alert rules of those series against their newest prices,
 * writing the notifications and deliveries that fired. The delivery worker sends them after commit.
 */
export async function afterImport(
  tx: Tx,
  changed: readonly ChangedSeries[],
  now = new Date(),
): Promise<{ series: number } & Evaluation> {
  const series = await refreshAnomalies(tx, changed);
  const evaluation = await evaluateRules(tx, series, now);
  return { series: series.length, ...evaluation };
}
