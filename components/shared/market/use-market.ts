'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '@/lib/api/client';
import { getToken } from '@/lib/api/token';
import { useApiQuery, useStoreView } from '@/lib/api/hooks';
import { RequestError, MSG_NETWORK_FAILED, localise } from '@/lib/api/request-error';
import type { MarketLang, RegionNode } from '@/lib/api/schemas/market';
import { useLocale } from '@/lib/i18n/client';
import { setFunctionality } from '@/stores/functionality';
import { useUserInfo } from '@/stores/user-info';
import { csvName, downloadText, forecastCsv, indexCsv, trendCsv } from './csv';
import {
  addDaysIso,
  DEFAULT_PRODUCT,
  defaultFilters,
  nationOf,
  parseFilters,
  serializeFilters,
  suggestedGranularity,
  todayUtc,
  windowForData,
  type Filters,
} from './filters';
import { answersGoStale, askedAs } from './asked-as';
import { narrowIndex, narrowTrend, useAllowed, type Allowed } from './allowed';
import { lockOf, type Lock } from './unlock';
import { replaceSearch, useHydrated, useSearch } from './url-state';

/**
 * The trend chart is at most ~1,100 px wide: more points than this per line draw nothing more, so
 * the server thins longer series (docs/decisions/downsampled-series.md). Exports get every price.
 */
const CHART_POINTS = 600;

export type ExportKind = 'trend' | 'index' | 'forecast';
export type ExportState = {
  kind: ExportKind;
  status: 'busy' | 'done' | 'locked' | 'failed';
  file?: string;
  lock?: Lock | null;
  message?: string;
} | null;

/** Every region of the tree by id, with its parent (to find a market's province). */
export function flattenRegions(tree: RegionNode[] | undefined) {
  const out = new Map<string, RegionNode & { parentId: string | null }>();
  const walk = (nodes: RegionNode[], parentId: string | null) => {
    for (const n of nodes) {
      out.set(n.id, { ...n, parentId });
      if (n.children) walk(n.children, n.id);
    }
  };
  walk(tree ?? [], null);
  return out;
}

/**
 * The state and data of the functionality page, shared by the desktop and mobile views. Every call
 * goes through React Query; the index, trend and forecast answers (or the errors they failed with,
 * shown in place) are mirrored into the functionality store (docs/screens.md).
 */
export function useMarket() {
  const lang: MarketLang = useLocale() === 'zh-CN' ? 'zh-CN' : 'en';
  const search = useSearch();
  const ready = useHydrated();
  const today = todayUtc();
  const filters = useMemo(() => parseFilters(search, defaultFilters(today)), [search, today]);
  const userId = useUserInfo((s) => s.user?.id ?? null);
  const sessionStatus = useUserInfo((s) => s.status);
  const queryClient = useQueryClient();

  const setFilters = useCallback((patch: Partial<Filters>) => {
    const next = { ...parseFilters(window.location.search, defaultFilters(todayUtc())), ...patch };
    // Another country: its own tree, products and indexes (what was chosen belongs to the other one).
    if (patch.country)
      Object.assign(next, { region: nationOf(patch.country), compare: [], product: null, indexCode: 'composite' });
    if (patch.range && patch.range !== 'custom' && !patch.granularity)
      next.granularity = suggestedGranularity(patch.range);
    if (patch.region) next.compare = next.compare.filter((c) => c !== patch.region);
    replaceSearch(serializeFilters(next));
  }, []);

  // Entitlements differ per user: cached answers of another viewer are stale. The series need not
  // wait for the session's start-up calls: they carry the token, and are its holder's answers.
  const asked = askedAs(sessionStatus, userId, !!getToken());
  const viewer = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (answersGoStale(viewer.current, asked)) void queryClient.invalidateQueries();
    viewer.current = asked;
  }, [asked, queryClient]);

  const nation = nationOf(filters.country);
  const countries = useApiQuery('CountryMenu', { query: { lang } });
  const country = countries.data?.find((c) => c.code === filters.country) ?? null;
  const products = useApiQuery('ProductsMenu', { query: { regionId: nation, lang } });
  // Default product (derived, not stored): pork when there is some, else the one with the most recent prices.
  const productCode = useMemo(() => {
    const list = products.data ?? [];
    if (filters.product && (!products.data || list.some((p) => p.code === filters.product))) return filters.product;
    const pick =
      list.find((p) => p.code === DEFAULT_PRODUCT) ??
      [...list].sort((a, b) => ((b.to ?? '') > (a.to ?? '') ? 1 : -1))[0];
    return pick?.code ?? null;
  }, [filters.product, products.data]);

  const product = products.data?.find((p) => p.code === productCode) ?? null;
  // The price type shown: the chosen one where the product has it, else the one it has (BGD's prices are mostly retail).
  const priceType =
    product && product.priceTypes.length && !product.priceTypes.includes(filters.priceType)
      ? product.priceTypes[0]!
      : filters.priceType;
  const regionsQuery = useApiQuery(
    'GetRegion',
    { body: { productCode: productCode ?? undefined, country: filters.country, lang } },
    { enabled: !!productCode },
  );
  const regions = useMemo(() => flattenRegions(regionsQuery.data), [regionsQuery.data]);
  const region = regions.get(filters.region) ?? null;
  // Indexes are published for the nation and provinces: a market (or a city) shows its province's.
  let indexRegion = filters.region;
  for (let r = region; r && (r.level === 'market' || r.level === 'city'); r = regions.get(r.parentId ?? '') ?? null)
    indexRegion = r.parentId ?? nation;
  const indexMenu = useApiQuery('IndexMenu', { query: { regionId: indexRegion, lang } });
  const indexCode = indexMenu.data?.some((i) => i.code === filters.indexCode)
    ? filters.indexCode
    : (indexMenu.data?.[0]?.code ?? filters.indexCode);
  const webPrice = useApiQuery('WebPrice', { query: { country: filters.country, currency: filters.currency, lang } });
  const priceMenu = useApiQuery(
    'PriceMenu',
    { query: { regionId: filters.region, currency: filters.currency, lang }, skipErrorHandler: true },
    { retry: false },
  );
  // The country's composite over the last 90 days, or over its last year of data when that ended earlier.
  const overviewTo = country?.to && country.to < addDaysIso(today, -90) ? country.to : today;
  const overview = useApiQuery(
    'PriceIndex',
    {
      body: { indexCode: 'composite', regionId: nation, from: addDaysIso(overviewTo, -90), to: overviewTo, lang },
      skipErrorHandler: true,
    },
    { retry: false },
  );

  // A window with no prices of the product moves to where its prices end (the access policy counts
  // history from there too), and says so.
  const window_ = windowForData(filters, today, product?.to);
  // The indexes move with the country's data (an index stops when its country's prices do).
  const indexWindow = windowForData(filters, today, country?.to);
  const regionIds = useMemo(() => [filters.region, ...filters.compare], [filters.region, filters.compare]);
  // Where the data ends decides the window: wait for the menus that say so (else one wasted call).
  const productsKnown = products.isSuccess || products.isError;
  const countriesKnown = countries.isSuccess || countries.isError;
  const trendBody = useMemo(
    () =>
      productCode && productsKnown
        ? {
            productCode,
            regionIds,
            from: window_.from,
            to: window_.to,
            granularity: filters.granularity,
            priceType,
            seasonal: filters.seasonal,
            points: CHART_POINTS,
            currency: filters.currency,
            lang,
          }
        : null,
    [
      productCode,
      productsKnown,
      regionIds,
      window_.from,
      window_.to,
      filters.granularity,
      priceType,
      filters.seasonal,
      filters.currency,
      lang,
    ],
  );
  const indexBody = useMemo(
    () => ({
      indexCode,
      regionId: indexRegion,
      from: indexWindow.from,
      to: indexWindow.to,
      granularity: filters.granularity === 'month' ? ('month' as const) : ('day' as const),
      lang,
    }),
    [indexCode, indexRegion, indexWindow.from, indexWindow.to, filters.granularity, lang],
  );
  const agriBody = useMemo(
    () =>
      productCode
        ? {
            productCode,
            regionId: filters.region,
            horizon: filters.horizon,
            priceType,
            currency: filters.currency,
            lang,
          }
        : null,
    [productCode, filters.region, filters.horizon, priceType, filters.currency, lang],
  );

  // These three show their errors on the page, not in the global dialog, and are not retried.
  const series = { retry: false } as const;
  const trend = useApiQuery(
    'PriceTrend',
    { body: trendBody ?? undefined, skipErrorHandler: true },
    { ...series, enabled: ready && !!trendBody },
  );
  const index = useApiQuery(
    'PriceIndex',
    { body: indexBody, skipErrorHandler: true },
    { ...series, enabled: ready && !!indexMenu.data && countriesKnown },
  );
  const agri = useApiQuery(
    'PriceAgTrend',
    { body: agriBody ?? undefined, skipErrorHandler: true },
    { ...series, enabled: ready && !!agriBody },
  );
  // A refusal never blanks what the policy allows: the part the viewer may see, beside the lock.
  const trendAllowed = useAllowed('PriceTrend', trendBody, trend.error, narrowTrend);
  const indexAllowed = useAllowed('PriceIndex', indexBody, index.error, narrowIndex);
  useStoreView(trend, setFunctionality.trendData);
  useStoreView(index, setFunctionality.indexData);
  useStoreView(agri, setFunctionality.agriData);
  const shown = <T>(q: { data: T | undefined; error: RequestError | null; isFetching: boolean }) => {
    const data = q.error ?? q.data ?? null;
    return { data, loading: q.isFetching || data === null };
  };

  // While the allowed part of a refused call loads, the section waits for it instead of showing the lock alone.
  const withAllowed = <S extends { loading: boolean }, T>(
    s: S,
    error: RequestError | null,
    allowed: { data: Allowed<T> | undefined; isFetching: boolean },
  ) => ({ ...s, loading: s.loading || allowed.isFetching, allowed: error ? (allowed.data ?? null) : null });

  const [exportState, setExportState] = useState<ExportState>(null);
  const exportCsv = useCallback(
    async (kind: ExportKind) => {
      setExportState({ kind, status: 'busy' });
      try {
        let file = '';
        if (kind === 'trend' && trendBody) {
          const t = await api.PriceTrend({ body: { ...trendBody, export: true }, skipErrorHandler: true });
          file = csvName(t.product.code, t.series.map((s) => s.regionId).join('+'), t.from, t.to);
          downloadText(file, trendCsv(t));
        } else if (kind === 'index') {
          const i = await api.PriceIndex({ body: { ...indexBody, export: true }, skipErrorHandler: true });
          file = csvName(i.index.code, i.regionId, i.from, i.to);
          downloadText(file, indexCsv(i));
        } else if (kind === 'forecast' && agriBody) {
          const f = await api.PriceAgTrend({ body: { ...agriBody, export: true }, skipErrorHandler: true });
          file = csvName(f.product.code, f.regionId, 'forecast', f.model.madeOn);
          downloadText(file, forecastCsv(f));
        }
        setExportState({ kind, status: 'done', file });
      } catch (e) {
        const lock = lockOf(e);
        setExportState({
          kind,
          status: lock ? 'locked' : 'failed',
          lock,
          message: (e instanceof RequestError ? e : await localise(new RequestError(0, MSG_NETWORK_FAILED))).text,
        });
      }
    },
    [trendBody, indexBody, agriBody],
  );

  return {
    lang,
    today,
    filters: { ...filters, product: productCode, priceType },
    setFilters,
    countries,
    country,
    nation,
    window: window_,
    indexWindow,
    products,
    product,
    regionsQuery,
    regions,
    region,
    indexRegion,
    indexMenu,
    indexCode,
    webPrice,
    priceMenu,
    overview,
    trend: withAllowed(shown(trend), trend.error, trendAllowed),
    index: withAllowed(shown(index), index.error, indexAllowed),
    agri: shown(agri),
    reload: {
      trend: () => trend.refetch(),
      index: () => index.refetch(),
      agri: () => agri.refetch(),
    },
    exportState,
    exportCsv,
    clearExport: () => setExportState(null),
  };
}

export type Market = ReturnType<typeof useMarket>;
