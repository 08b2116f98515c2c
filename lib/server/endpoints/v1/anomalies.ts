import 'server-only';
import { todayUtc } from '@/lib/shared/dates';
import { anomalyLevelsOf } from '../../services/alerts/anomaly-read';
import { allSources } from '../../services/market/read/catalogue';
import type { V1Ctx, V1Result } from './types';

/** A country's series with their anomaly levels, as the price list shows them (docs/market-data.md). */
export async function anomalies({ db, query, viewer, now }: V1Ctx<'anomalies'>): Promise<V1Result> {
  const a = await anomalyLevelsOf(db, viewer, query.country ?? 'CHN', query.minLevel, query.lang, todayUtc(now));
  const series = a.series.map((x) => ({
    product: x.product,
    productName: x.productName,
    region: { id: x.regionId, name: x.regionName, level: x.regionLevel },
    priceType: x.priceType,
    currency: x.currency,
    anomaly: x.anomaly,
  }));
  return {
    data: { country: a.country, series },
    sources: (await allSources(db)).map(({ name, licence, attribution }) => ({ name, licence, attribution })),
    table: {
      header: [
        'product',
        'region',
        'price_type',
        'currency',
        'level',
        'score',
        'month',
        'latest',
        'fitted',
        'sd',
        'why',
      ],
      rows: series.map((x) => [
        x.product,
        x.region.id,
        x.priceType,
        x.currency,
        x.anomaly.level,
        x.anomaly.score,
        x.anomaly.month,
        x.anomaly.latest,
        x.anomaly.fitted,
        x.anomaly.sd,
        x.anomaly.why,
      ]),
    },
  };
}
