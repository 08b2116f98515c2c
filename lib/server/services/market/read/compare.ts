import 'server-only';
import type { CompareLineDTO, PriceCompareDTO } from '@/lib/api/schemas/compare';
import type { DisplayCurrency, TrendPoint, UnlockDTO } from '@/lib/api/schemas/market';
import { msg } from '@/lib/i18n/server-messages';
import { round4 } from '@/lib/shared/format';
import { pick } from '@/lib/shared/names';
import { queryArrays } from '../../../db/raw-client';
import { englishOf, fail } from '../../../errors';
import { PRICE_TYPE_CODE } from '../../../market/codes';
import { authorize, check, type AccessCtx } from './access';
import {
  loadCountry,
  loadProduct,
  loadRegion,
  sourcesOf,
  withPrices,
  type ProductRow,
  type RegionRow,
} from './catalogue';
import { convertPoints, moneyFor } from './fx';
import { productsMenu } from './menus';
import { seriesEnd } from './series-end';
import { resolveWindow, seriesSql, type Granularity } from './trend';

/** A year: an analyst compares seasons and trends, not the last weeks. */
export const COMPARE_DEFAULT_DAYS = 365;

export type CompareRequest = {
  lines: { productCode: string; country?: string; regionId?: string; priceType?: 'wholesale' | 'retail' }[];
  from?: string;
  to?: string;
  granularity: Granularity;
  show: 'price' | 'index';
  currency?: DisplayCurrency;
  export: boolean;
};

type Resolved = {
  product: ProductRow;
  region: RegionRow;
  countryName: string;
  priceType: 'wholesale' | 'retail';
};

/** A line's region: the one named (checked against its country), else the country's nation. */
async function resolveLine(ctx: AccessCtx, line: CompareRequest['lines'][number], i: number): Promise<Resolved> {
  const { db, lang } = ctx;
  const product = await loadProduct(db, line.productCode, lang);
  const field = `lines.${i}.regionId`;
  let region: RegionRow;
  if (line.regionId) {
    region = withPrices(await loadRegion(db, line.regionId, lang), field);
    if (line.country && region.countryCode !== line.country) {
      const c = await loadCountry(db, line.country);
      throw fail.invalid(
        field,
        msg('market.compareRegionCountry', { region: region.name, country: pick(lang, c.nameZh, c.nameEn) }),
      );
    }
  } else region = await loadRegion(db, (await loadCountry(db, line.country)).regionId, lang);
  const country = await loadCountry(db, region.countryCode);
  // As the market page picks it: wholesale where the product has any there, else retail.
  const menu = (await productsMenu(db, region, lang)).value();
  const types = menu.find((p) => p.code === product.code)?.priceTypes ?? [];
  const priceType = line.priceType ?? (types.includes('wholesale') || !types.length ? 'wholesale' : 'retail');
  return { product, region, countryName: pick(lang, country.nameZh, country.nameEn), priceType };
}

/** The first date every line with points has; null when they share none. */
function commonStart(lines: readonly (readonly [string, number])[][]): string | null {
  const drawn = lines.filter((l) => l.length);
  if (!drawn.length) return null;
  const sets = drawn.slice(1).map((l) => new Set(l.map((p) => p[0])));
  return drawn[0]!.find((p) => sets.every((s) => s.has(p[0])))?.[0] ?? null;
}

/**
 * PriceCompare (docs/market-data.md, "Compare"): up to 5 lines of any product in any region or
 * country. Each line is checked by the access policy exactly as PriceTrend checks its regions; a
 * refused line is answered as locked (with what would unlock it), never replaced or left out.
 * Prices are converted line by line with each month's stored rate; a month without one is left
 * out and counted, never filled. An index divides each line by its own price at the first date
 * every drawn line has, so all start at 100 together.
 */
export async function priceCompare(ctx: AccessCtx, req: CompareRequest): Promise<PriceCompareDTO> {
  const { db } = ctx;
  const window = resolveWindow(req.from, req.to, ctx.today, COMPARE_DEFAULT_DAYS);
  const resolved: Resolved[] = [];
  for (const [i, line] of req.lines.entries()) resolved.push(await resolveLine(ctx, line, i));
  const keys = resolved.map((r) => `${r.product.code}|${r.region.id}|${r.priceType}`);
  keys.forEach((k, i) => {
    if (keys.indexOf(k) < i) throw fail.invalid(`lines.${i}`, msg('market.compareTwice', { n: i + 1 }));
  });
  const currencies = [...new Set(resolved.map((r) => r.region.currency))];
  const wanted: DisplayCurrency = req.currency ?? (req.show === 'price' && currencies.length > 1 ? 'USD' : 'local');
  if (req.show === 'price' && wanted === 'local' && currencies.length > 1)
    throw fail.invalid('currency', msg('market.compareCurrencies', { currencies: currencies.join(' / ') }));

  const lines = await Promise.all(
    resolved.map(async ({ product, region, countryName, priceType }) => {
      const typeCode = PRICE_TYPE_CODE[priceType];
      const dataEnd = await seriesEnd(db, product.num, [region], typeCode);
      const d = await check(ctx, 'trend', region, product.categoryCode, window.from, dataEnd);
      // The CSV is the lines on screen: each one drawn must also allow an export (403 otherwise, as PriceTrend).
      if (d.ok && req.export) await authorize(ctx, 'export', region, product.categoryCode, window.from, dataEnd);
      const base = {
        productCode: product.code,
        productName: product.name,
        unit: product.unit,
        country: region.countryCode,
        countryName,
        regionId: region.id,
        regionName: region.name,
        regionLevel: region.level,
        priceType,
        sourceCurrency: region.currency,
        sources: await sourcesOf(db, [product.num], [region.countryCode], window),
      };
      if (!d.ok) {
        // Among several countries a nation is named by its country (China's reads 全国 in Chinese).
        const place =
          region.level === 'nation' && !region.name.includes(countryName)
            ? `${countryName} (${region.name})`
            : region.name;
        const ref = msg('market.refused', { region: place, why: d.message });
        const unlock: UnlockDTO = { reason: d.reason, regionId: region.id, ...d.unlock };
        const locked = { reason: d.reason, message: englishOf(ref), messageRef: ref, unlock };
        return { ...base, points: [], locked, fx: null } satisfies CompareLineDTO;
      }
      const read = await queryArrays<TrendPoint>(
        db,
        seriesSql(product.num, region, typeCode, window.from, window.to, req.granularity),
      );
      const money = await moneyFor(db, region.currency, wanted);
      const converted = convertPoints(read, money);
      const points = converted.points.map((p): [string, number] => [p[0], Number(p[1])]);
      return { ...base, points, locked: null, fx: money.fx(converted.missing) } satisfies CompareLineDTO;
    }),
  );

  let start: string | null = null;
  if (req.show === 'index') {
    start = commonStart(lines.map((l) => l.points));
    for (const l of lines) {
      const at = start === null ? -1 : l.points.findIndex((p) => p[0] === start);
      const ref = at < 0 ? 0 : l.points[at]![1];
      // Drawn from the common start, so every line's first point is 100.
      l.points = at < 0 || !ref ? [] : l.points.slice(at).map(([date, v]) => [date, round4((v / ref) * 100)]);
    }
  }
  const currency = req.show === 'index' ? null : wanted === 'USD' ? 'USD' : currencies[0]!;
  return {
    show: req.show,
    currency,
    indexedIn: req.show === 'index' ? wanted : null,
    granularity: req.granularity,
    from: window.from,
    to: window.to,
    base: start,
    lines,
  };
}
