import 'server-only';
import { flagLabel } from './fields';
import { fieldReader, Problems, readPriceFields, type PriceFormat } from './price-format';

/**
 * The WFP food-price format as HDX publishes it for every country (CC BY-IGO): a header row, an
 * HXL tag row (#date,#adm1+name,…), then one price per line. Two layouts are in use — the older
 * `date,admin1,admin2,market,latitude,longitude,category,commodity,unit,priceflag,pricetype,currency,price,usdprice`
 * and the newer one adding `market_id` and `commodity_id` — and the global file adds
 * `countryiso3`. Columns are found by name, so any of them (and columns added later) read the same.
 * The files do not name their country: `countryiso3`, else the import's country (from the file
 * name `wfp_food_prices_<iso3>.csv` or `--country`).
 */
export const WFP_REQUIRED = ['date', 'admin1', 'market', 'commodity', 'unit', 'pricetype', 'price'] as const;

export const WFP_SOURCE = 'WFP VAM via HDX';
export const WFP_LICENCE = 'CC BY-IGO';
export const WFP_ATTRIBUTION = 'Source: WFP VAM via HDX (CC BY-IGO)';

export const wfpFormat: PriceFormat = {
  name: 'wfp',
  matches: (h) => WFP_REQUIRED.every((c) => h.has(c)),
  mapper: (header, width, ctx) => {
    const get = fieldReader(header);
    const fileCountry = ctx.country;
    if (!header.has('countryiso3') && !fileCountry)
      return 'the file does not say its country: name it wfp_food_prices_<iso3>.csv, add a countryiso3 column or pass --country';
    return (f, line) => {
      // HDX files carry a second header of HXL hashtags: metadata, not data.
      if ((f[0] ?? '').trim().startsWith('#')) return { skip: 'metadata' };
      const country = (get(f, 'countryiso3') || fileCountry || '').toUpperCase();
      if (f.length !== width)
        return { line, reason: `expected ${width} fields, found ${f.length}`, raw: f, country: country || undefined };
      const p = new Problems();
      const row = readPriceFields((name) => get(f, name), p, ctx, { flag: 'priceflag', defaultType: null });
      // A forecast of 0 is "no forecast" in these files: skipped and counted, not an error.
      if (row === 'zero-forecast') return { skip: 'zero-forecast', country };
      for (const c of ['admin1', 'market', 'commodity', 'unit'] as const) if (!get(f, c)) p.add(c, 'missing');
      if (!country) p.add('countryiso3', 'missing');
      if (p.list.length || !row)
        return {
          line,
          reason: p.reason,
          raw: f,
          country: country || undefined,
          flagLabel: flagLabel(get(f, 'priceflag')) ?? undefined,
        };
      return {
        line,
        country,
        admin1: get(f, 'admin1'),
        admin2: get(f, 'admin2') || null,
        market: get(f, 'market'),
        marketRef: get(f, 'market_id') || null,
        commodity: get(f, 'commodity'),
        category: get(f, 'category') || null,
        pack: get(f, 'unit'),
        ...row,
        min: null,
        max: null,
        volume: null,
        source: WFP_SOURCE,
        licence: WFP_LICENCE,
        raw: f,
      };
    };
  },
};
