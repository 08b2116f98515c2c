import { def } from './contract-def';
import * as alerts from './schemas/alerts';

/**
 * The calls of anomaly levels, watchlists and alerts (docs/alerts.md), spread into the one
 * contract (contract.ts); where they live is in routes-alerts.ts.
 */
export const alertShapes = {
  AnomalyLevels: def({
    query: alerts.anomalyLevelsQuery,
    response: alerts.anomalyLevelsSchema,
    summary:
      "A country's series with their anomaly levels (WFP ALPS), flagged first; optionally only those at or above a level",
    extra: true,
  }),
};
