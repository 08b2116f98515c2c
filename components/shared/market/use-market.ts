'use client';

import { replaceEqualDeep, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '@/lib/api/client';
import { offlineCopyAt } from '@/lib/api/request';
import { getToken } from '@/lib/api/token';
import { useApiQuery } from '@/lib/api/hooks';
import { RequestError, MSG_NETWORK_FAILED, localise } from '@/lib/api/request-error';
import type { MarketLang, RegionNode } from '@/lib/api/schemas/market';
import { useLocale } from '@/lib/i18n/client';
import { useUserInfo } from '@/stores/user-info';
import { csvName, downloadText, forecastCsv, indexCsv, trendCsv } from './csv';
import { marketCalls, type Known } from './calls';
import { defaultFilters, parseFilters, serializeFilters, suggestedGranularity, type Filters } from './filters';
import { todayUtc } from '@/lib/shared/dates';
import { nationOf } from '@/lib/api/schemas/market-ids';
import { answersGoStale, askedAs } from './asked-as';
import { narrowIndex, narrowTrend, useAllowed, type Allowed } from './allowed';
import { useLastGood, type Previous } from './last-good';
import { lockOf, type Lock } from './unlock';
import { replaceSearch, useHydrated, useSearch } from './url-state';

// What the page knows before any answer arrived.
const NOTHING_KNOWN: Known = { countriesKnown: false, productsKnown: false };
// Every market call is sent even when the browser says it is offline: it fails at once and the
// panel says so with a Retry, instead of waiting paused for a connection (docs/screens.md, "Bad
// connections"). An offline copy is never swapped for an equal earlier answer: it says it is a copy.
const NET = {
  networkMode: 'always',
  structuralSharing: (old: unknown, next: unknown) => (offlineCopyAt(next) ? next : replaceEqualDeep(old, next)),
} as const;

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

  // Each stage of what the page asks knows more of the answers (calls.ts): the products decide the
  // region tree asked for, the tree decides the index region, the menus decide the series.
  const countries = useApiQuery('CountryMenu', marketCalls(filters, lang, today, NOTHING_KNOWN).countries, NET);
  const products = useApiQuery('ProductsMenu', marketCalls(filters, lang, today, NOTHING_KNOWN).products, NET);
  const productsKnown = products.isSuccess || products.isError;
  const countriesKnown = countries.isSuccess || countries.isError;
  const known = { countries: countries.data, countriesKnown, products: products.data, productsKnown };
  const regionsInput = marketCalls(filters, lang, today, known).regions;
  const regionsQuery = useApiQuery('GetRegion', regionsInput ?? {}, { ...NET, enabled: !!regionsInput });
  const regions = useMemo(() => flattenRegions(regionsQuery.data), [regionsQuery.data]);
  const regionOf = useCallback((id: string) => regions.get(id), [regions]);
  const regionsKnown = regionsQuery.isSuccess || regionsQuery.isError;
  const indexMenu = useApiQuery('IndexMenu', marketCalls(filters, lang, today, { ...known, regionOf }).indexMenu, NET);
  const calls = useMemo(
    () =>
      marketCalls(filters, lang, today, {
        countries: countries.data,
        countriesKnown,
        products: products.data,
        productsKnown,
        regionOf,
        regionsKnown,
        indexMenu: indexMenu.data,
      }),
    [
      filters,
      lang,
      today,
      countries.data,
      countriesKnown,
      products.data,
      productsKnown,
      regionOf,
      regionsKnown,
      indexMenu.data,
    ],
  );
  const { nation, country, productCode, product, priceType, indexRegion, indexCode } = calls;
  const region = regions.get(filters.region) ?? null;
  // Refused like PriceMenu where the lock above withholds a region's latest prices: the board shows the lock.
  const webPrice = useApiQuery(
    'WebPrice',
    { ...(calls.webPrice ?? { query: { currency: filters.currency, lang } }), skipErrorHandler: true },
    { ...NET, retry: false, enabled: calls.webPrice !== null },
  );
  // A region's latest prices show only for a region below the nation (RegionLatest): the landing
  // view does not ask for them (on the embedded database the slowest of its calls, ~190 ms, which
  // every call behind it waited for).
  const priceMenu = useApiQuery(
    'PriceMenu',
    { ...calls.priceMenu, skipErrorHandler: true },
    { ...NET, retry: false, enabled: filters.region !== nation },
  );
  const overview = useApiQuery(
    'PriceIndex',
    { body: calls.overview, skipErrorHandler: true },
    { ...NET, retry: false },
  );
  const window_ = calls.window;
  const indexWindow = calls.indexWindow;
  const trendBody = calls.trend;
  const indexBody = calls.index;
  const agriBody = calls.agri;

  // These three show their errors on the page, not in the global dialog, and are not retried.
  const series = { ...NET, retry: false } as const;
  const trend = useApiQuery(
    'PriceTrend',
    { body: trendBody ?? undefined, skipErrorHandler: true },
    { ...series, enabled: ready && !!trendBody },
  );
  const index = useApiQuery(
    'PriceIndex',
    { body: indexBody, skipErrorHandler: true },
    { ...series, enabled: ready && calls.indexReady },
  );
  const agri = useApiQuery(
    'PriceAgTrend',
    { body: agriBody ?? undefined, skipErrorHandler: true },
    { ...series, enabled: ready && !!agriBody },
  );
  // A refusal never blanks what the policy allows: the part the viewer may see, beside the lock.
  const trendAllowed = useAllowed('PriceTrend', trendBody, trend.error, narrowTrend);
  const indexAllowed = useAllowed('PriceIndex', indexBody, index.error, narrowIndex);
  // The last answer of each series, shown beside the error when another view cannot load.
  const trendBefore = useLastGood(trend.data, trend.dataUpdatedAt);
  const indexBefore = useLastGood(index.data, index.dataUpdatedAt);
  const agriBefore = useLastGood(agri.data, agri.dataUpdatedAt);
  const webPriceBefore = useLastGood(webPrice.data, webPrice.dataUpdatedAt);
  const shown = <T>(
    q: { data: T | undefined; error: RequestError | null; isFetching: boolean },
    before: Previous<T>,
  ) => {
    const data = q.error ?? q.data ?? null;
    return { data, loading: q.isFetching || data === null, previous: q.error ? before : null };
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
    webPriceBefore: webPrice.error ? webPriceBefore : null,
    trend: withAllowed(shown(trend, trendBefore), trend.error, trendAllowed),
    index: withAllowed(shown(index, indexBefore), index.error, indexAllowed),
    agri: shown(agri, agriBefore),
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
