import type { BodyOf, QueryOf, ResponseOf } from '@/lib/api/contract';
import type { MarketLang } from '@/lib/api/schemas/market';
import { nationOf } from '@/lib/api/schemas/market-ids';
import { indexDataEnd, windowForData, type Filters } from './filters';
import { addDays } from '@/lib/shared/dates';

/**
 * The trend chart is at most ~1,100 px wide: more points than this per line draw nothing more, so
 * the server thins longer series (docs/decisions/downsampled-series.md). Exports get every price.
 */
export const CHART_POINTS = 600;

/** The answers the page has so far (undefined: not yet, or failed). */
export type Known = {
  countries?: ResponseOf<'CountryMenu'>;
  countriesKnown: boolean;
  products?: ResponseOf<'ProductsMenu'>;
  productsKnown: boolean;
  indexMenu?: ResponseOf<'IndexMenu'>;
  /** The level, parent and own last price of a region of the tree, once the tree arrived. */
  regionOf?: (id: string) => { level: string; parentId: string | null; to?: string } | undefined;
  /** The region tree answered (or failed): a region missing from it has no prices of the product. */
  regionsKnown?: boolean;
};

/**
 * What the market page asks the server, from what it knows: the filters of its URL, its language,
 * the day, and the answers it has. The page's hook asks with these inputs, and so do the calls
 * started before the page hydrated (early-calls.ts): the same questions, the same cache keys.
 * A series is null until what decides it is known.
 */
export function marketCalls(filters: Filters, lang: MarketLang, today: string, known: Known) {
  const nation = nationOf(filters.country);
  const country = known.countries?.find((c) => c.code === filters.country) ?? null;
  // Default product (derived, not stored): the country's staple, chosen from its data (ProductsMenu
  // marks it), else the food product with the most recent prices.
  const list = known.products ?? [];
  const productCode =
    filters.product && (!known.products || list.some((p) => p.code === filters.product))
      ? filters.product
      : ((
          list.find((p) => p.staple) ??
          [...list]
            .filter((p) => p.categoryCode !== 'non-food')
            .sort((a, b) => ((b.to ?? '') > (a.to ?? '') ? 1 : -1))[0] ??
          list[0]
        )?.code ?? null);
  const product = known.products?.find((p) => p.code === productCode) ?? null;
  // The price type shown: the chosen one where the product has it, else the one it has (BGD's prices are mostly retail).
  const priceType =
    product && product.priceTypes.length && !product.priceTypes.includes(filters.priceType)
      ? product.priceTypes[0]!
      : filters.priceType;
  // Indexes are published for the nation and provinces: a market (or a city) shows its province's.
  let indexRegion = filters.region;
  for (
    let r = known.regionOf?.(filters.region);
    r && (r.level === 'market' || r.level === 'city');
    r = known.regionOf?.(r.parentId ?? '')
  )
    indexRegion = r.parentId ?? nation;
  const indexCode = known.indexMenu?.some((i) => i.code === filters.indexCode)
    ? filters.indexCode
    : (known.indexMenu?.[0]?.code ?? filters.indexCode);
  // The country's composite over the last 90 days, or over its last year of data when that ended earlier.
  const overviewTo = country?.to && country.to < addDays(today, -90) ? country.to : today;
  // A window with no prices moves to where the chosen regions' own prices of the product end (the
  // access policy counts history from there too), and says so. A whole country's end is the
  // product's; a region's is known from the region tree.
  const regionIds = [filters.region, ...filters.compare];
  const whole = regionIds.length === 1 && filters.region === nation;
  const regionEnds = regionIds.map((id) => known.regionOf?.(id)?.to).filter((d): d is string => !!d);
  const dataEnd = whole ? product?.to : regionEnds.sort().at(-1);
  const window = windowForData(filters, today, dataEnd ?? product?.to);
  const endKnown = whole || !!known.regionsKnown || regionIds.every((id) => known.regionOf?.(id) !== undefined);
  // An index moves with its own data: a stopped product's index to where that product's prices end.
  const indexInfo = known.indexMenu?.find((i) => i.code === indexCode);
  const indexWindow = windowForData(filters, today, indexDataEnd(indexInfo, known.products, country?.to));
  const { currency } = filters;

  return {
    nation,
    country,
    productCode,
    product,
    priceType,
    indexRegion,
    indexCode,
    window,
    indexWindow,
    countries: { query: { lang } } satisfies { query: QueryOf<'CountryMenu'> },
    products: { query: { regionId: nation, lang } } satisfies { query: QueryOf<'ProductsMenu'> },
    regions: productCode
      ? ({ body: { productCode, country: filters.country, lang } } satisfies { body: BodyOf<'GetRegion'> })
      : null,
    indexMenu: { query: { regionId: indexRegion, lang } } satisfies { query: QueryOf<'IndexMenu'> },
    // The board follows the chosen product and region, and the server refuses it where the lock
    // above it does (docs/access-policy.md).
    webPrice: productCode
      ? ({
          query: { country: filters.country, productCode, regionId: filters.region, currency, lang },
        } satisfies { query: QueryOf<'WebPrice'> })
      : null,
    priceMenu: { query: { regionId: filters.region, currency, lang } } satisfies { query: QueryOf<'PriceMenu'> },
    overview: {
      indexCode: 'composite',
      regionId: nation,
      from: addDays(overviewTo, -90),
      to: overviewTo,
      lang,
    } satisfies BodyOf<'PriceIndex'>,
    // Where the data ends decides the window: wait for the menus (and, below the nation, the region
    // tree) that say so (else one wasted call).
    trend:
      productCode && known.productsKnown && endKnown
        ? ({
            productCode,
            regionIds,
            from: window.from,
            to: window.to,
            granularity: filters.granularity,
            priceType,
            seasonal: filters.seasonal,
            points: CHART_POINTS,
            currency,
            lang,
          } satisfies BodyOf<'PriceTrend'>)
        : null,
    // Asked once the index menu and the span of its data are known (indexReady).
    index: {
      indexCode,
      regionId: indexRegion,
      from: indexWindow.from,
      to: indexWindow.to,
      granularity: filters.granularity === 'month' ? ('month' as const) : ('day' as const),
      lang,
    } satisfies BodyOf<'PriceIndex'>,
    indexReady: !!known.indexMenu && known.countriesKnown && (indexInfo?.scope === 'composite' || known.productsKnown),
    agri: productCode
      ? ({
          productCode,
          regionId: filters.region,
          horizon: filters.horizon,
          priceType,
          currency,
          lang,
        } satisfies BodyOf<'PriceAgTrend'>)
      : null,
  };
}

export type MarketCalls = ReturnType<typeof marketCalls>;
