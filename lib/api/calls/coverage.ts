import { def } from '../contract-def';
import { dataStatusQuery, dataStatusSchema } from '../schemas/data-status';

/** What the portal's data covers, per country and source (docs/market-data.md, "Data status"). */
export const coverageCalls = {
  DataStatus: def({
    query: dataStatusQuery,
    response: dataStatusSchema,
    summary:
      'Per country and source: coverage, products, markets, frequency, last price, last import, licence; and the exchange rates (public)',
    extra: true,
  }),
};
