'use client';

import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { api } from '@/lib/api/client';
import { apiQueryKey, useApiQuery } from '@/lib/api/hooks';
import { request } from '@/lib/api/request';
import { localise, MSG_NETWORK_FAILED, RequestError } from '@/lib/api/request-error';
import type { MarketLang, ProductsMenuDTO } from '@/lib/api/schemas/market';
import { useLocale } from '@/lib/i18n/client';
import { todayUtc } from '@/lib/shared/dates';
import { csvName, downloadText } from '../csv';
import type { MarketT } from '../ui/parts';
import { lockOf, type Lock } from '../unlock';
import { replaceSearch, useSearch } from '../url-state';
import { compareCsv } from './compare-rows';
import {
  compareBody,
  effectiveMode,
  MAX_LINES,
  parseView,
  productOf,
  serializeView,
  windowOf,
  type CompareView,
  type LinePick,
} from './compare-state';

export type CsvState = {
  status: 'busy' | 'done' | 'locked' | 'failed';
  file?: string;
  lock?: Lock | null;
  message?: string;
} | null;

/** The compare page's state and data, shared by the desktop and phone pages. */
export function useCompare(t: MarketT) {
  const lang: MarketLang = useLocale() === 'zh-CN' ? 'zh-CN' : 'en';
  const today = todayUtc();
  const search = useSearch();
  const asked = useMemo(() => parseView(search), [search]);
  const countries = useApiQuery('CountryMenu', { query: { lang } }, { staleTime: 300_000 });
  // With no lines asked for: the first two countries' staples, nationally (China and Bangladesh).
  const view: CompareView = useMemo(
    () =>
      asked.lines.length || !countries.data
        ? asked
        : { ...asked, lines: countries.data.slice(0, 2).map((c) => ({ country: c.code, product: '', region: '' })) },
    [asked, countries.data],
  );
  const set = useCallback((patch: Partial<CompareView>) => replaceSearch(serializeView({ ...view, ...patch })), [view]);
  const distinct = [...new Set(view.lines.map((l) => l.country))];
  const menus = useQueries({
    queries: distinct.map((country) => {
      const input = { query: { country, lang } };
      return {
        queryKey: apiQueryKey('ProductsMenu', input),
        queryFn: ({ signal }: { signal: AbortSignal }) => request('ProductsMenu', { ...input, signal }),
        staleTime: 300_000,
      };
    }),
  });
  const menuOf = (country: string): ProductsMenuDTO | undefined => menus[distinct.indexOf(country)]?.data;
  const products = view.lines.map((l) => productOf(l, menuOf(l.country)));
  const mode = effectiveMode(view, countries.data);
  const mixed = mode !== view.mode && view.mode === 'local';
  const window = windowOf(
    view,
    products.map((p) => p?.to),
    today,
  );
  const body = compareBody(
    view,
    products.map((p) => p?.code ?? null),
    mode,
    window,
    lang,
  );
  const answer = useApiQuery(
    'PriceCompare',
    { body: body ?? undefined, skipErrorHandler: true },
    {
      enabled: !!body,
      placeholderData: keepPreviousData,
      retry: false,
      networkMode: 'always',
    },
  );

  const setLine = (i: number, patch: Partial<LinePick>) =>
    set({ lines: view.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const addLine = () => {
    if (view.lines.length >= MAX_LINES) return;
    const last = view.lines.at(-1);
    set({ lines: [...view.lines, { country: last?.country ?? 'CHN', product: '', region: '' }] });
  };
  const removeLine = (i: number) => set({ lines: view.lines.filter((_, j) => j !== i) });

  const [csv, setCsv] = useState<CsvState>(null);
  const downloadCsv = useCallback(async () => {
    if (!body) return;
    setCsv({ status: 'busy' });
    try {
      // The same question with the export privilege checked: the same figures, so the file is what is drawn.
      const a = await api.PriceCompare({ body: { ...body, export: true }, skipErrorHandler: true });
      const file = csvName('compare', a.show === 'index' ? 'index' : (a.currency ?? ''), a.from, a.to);
      downloadText(file, compareCsv(a, t, lang));
      setCsv({ status: 'done', file });
    } catch (e) {
      const lock = lockOf(e);
      setCsv({
        status: lock ? 'locked' : 'failed',
        lock,
        message: (e instanceof RequestError ? e : await localise(new RequestError(0, MSG_NETWORK_FAILED))).text,
      });
    }
  }, [body, t, lang]);

  return {
    lang,
    today,
    view,
    set,
    setLine,
    addLine,
    removeLine,
    countries: countries.data ?? [],
    menuOf,
    products,
    mode,
    /** Local currency was asked for lines of two currencies: shown in USD instead, and said so. */
    mixed,
    window,
    ready: !!body,
    answer: answer.error ?? answer.data ?? null,
    loading: answer.isFetching && !answer.data && !answer.error,
    refreshing: answer.isFetching && !!answer.data,
    retry: () => void answer.refetch(),
    csv,
    downloadCsv,
  };
}

export type Compare = ReturnType<typeof useCompare>;
