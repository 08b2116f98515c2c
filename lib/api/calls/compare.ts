import { def } from '../contract-def';
import { priceCompareBody, priceCompareSchema } from '../schemas/compare';

/** Comparing products, regions and countries (docs/market-data.md, "Compare"). */
export const compareCalls = {
  PriceCompare: def({
    body: priceCompareBody,
    response: priceCompareSchema,
    summary:
      'Up to 5 lines of any product × region × country, in one currency (USD when they differ) or indexed to 100 at their first common point',
    extra: true,
  }),
};
