import 'server-only';
import type { Db } from '../../../db/client';
import { countries, products } from '../../../db/schema';
import type { Calibration } from '../../../market/forecast-calibration';
import type { ForecastRecordData, RecordGroup } from '../../../market/forecast-record';
import { VersionedCache } from '../cache';
import { latestRecordRow } from './refresh';

type Published = { computedAt: string; dataThrough: string | null; record: ForecastRecordData } | null;

// The record changes only with an import (which moves the data version): read once per version.
const published = new VersionedCache<Published>(2);

export async function publishedRecord(db: Db): Promise<Published> {
  return published.get(db, 'record', async () => {
    const r = await latestRecordRow(db);
    return r ? { computedAt: r.computedAt.toISOString(), dataThrough: r.dataThrough, record: r.record } : null;
  });
}

/** The bands' calibration the pages draw with, and the achieved coverage to show beside them. */
export async function bandCalibration(
  db: Db,
): Promise<{ calibration: Calibration; cover80: number | null; cover95: number | null } | null> {
  const p = await publishedRecord(db);
  if (!p || !p.record.overall.series) return null;
  return { calibration: p.record.calibration, cover80: p.record.overall.cover80, cover95: p.record.overall.cover95 };
}

export type RecordView = {
  computedAt: string;
  dataThrough: string | null;
  overall: RecordGroup;
  countries: { code: string; name: string; group: RecordGroup }[];
  products: { country: string; countryName: string; code: string; name: string; group: RecordGroup }[];
};

/** The record with names in the page's language: the methodology page. */
export async function recordView(db: Db, lang: 'en' | 'zh-CN'): Promise<RecordView | null> {
  const p = await publishedRecord(db);
  if (!p) return null;
  const [cs, ps] = await Promise.all([
    db.select({ code: countries.code, en: countries.nameEn, zh: countries.nameZh }).from(countries),
    db.select({ code: products.code, en: products.nameEn, zh: products.nameZh }).from(products),
  ]);
  const name = (list: { code: string; en: string; zh: string }[]) => {
    const m = new Map(list.map((x) => [x.code, lang === 'zh-CN' ? x.zh : x.en]));
    return (code: string) => m.get(code) ?? code;
  };
  const country = name(cs);
  const product = name(ps);
  return {
    computedAt: p.computedAt,
    dataThrough: p.dataThrough,
    overall: p.record.overall,
    countries: p.record.countries.map((c) => ({ code: c.country, name: country(c.country), group: c.group })),
    products: p.record.products
      .map((x) => ({
        country: x.country,
        countryName: country(x.country),
        code: x.product,
        name: product(x.product),
        group: x.group,
      }))
      .sort((a, b) => a.countryName.localeCompare(b.countryName) || a.name.localeCompare(b.name)),
  };
}
