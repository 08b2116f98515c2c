'use client';

import { Select, Switch } from 'antd';
import dynamic from 'next/dynamic';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ProductsMenuDTO, RegionNode } from '@/lib/api/schemas/market';
import { MAX_COMPARE, RANGE_PRESETS, type RangePreset } from '@/components/shared/market/filters';
import type { Market } from '@/components/shared/market/use-market';
import { regionName, ui, type MarketT } from '@/components/shared/market/ui/parts';
import { setUpColour, useUpColour, type UpColour } from '@/components/shared/market/up-colour';
import { productCoverage, productMatches, productNames, RANGE_LABEL } from '@/components/shared/market/ui/labels';
import s from './functionality.module.css';
import { SegmentedField } from './segmented-field';

// The date picker's code (and dayjs') loads only with the custom period.
const CustomDates = dynamic(() => import('./custom-dates'));

type Option = { label: string; value: string };
type ProductOptionData = { name: string; coverage: string; product: ProductsMenuDTO[number] };
type Group = { label: string; title: string; options: Option[] };

/** A region's markets, through its cities (a city only groups markets: it has no prices of its own). */
function marketsOf(node: RegionNode, city?: string): Option[] {
  return (node.children ?? []).flatMap((c) =>
    c.level === 'market'
      ? [{ label: `${c.name} · ${city ?? node.name}`, value: c.id }]
      : marketsOf(c, c.level === 'city' ? c.name : city),
  );
}

/** The nation, then one group per province: the province itself and its markets (a Select is lighter than a TreeSelect). */
function regionOptions(nodes: RegionNode[] | undefined): (Option | Group)[] {
  const out: (Option | Group)[] = [];
  for (const nation of nodes ?? []) {
    out.push({ label: nation.name, value: nation.id });
    for (const p of nation.children ?? []) {
      out.push({ label: p.name, title: p.name, options: [{ label: p.name, value: p.id }, ...marketsOf(p)] });
    }
  }
  return out;
}

/** The desktop controls: product, region and comparison, period, granularity, price type, seasonal overlay. */
export function FiltersBar({ m, t }: { m: Market; t: MarketT }) {
  const { filters, setFilters } = m;
  const [more, setMore] = useState(false);
  // The filters under "more" are made only once they were first opened: hidden until then, they
  // cost the page's start a multiple Select, a Switch and three Segmented to hydrate before its
  // first chart (docs/decisions/market-page-main-thread.md).
  const [moreMade, setMoreMade] = useState(false);
  const up = useUpColour();
  const { folded, open, sentinel, form } = useFolding(more);
  const productOptions = useMemo(() => {
    type ProductOption = Option & { name: string; coverage: string; product: ProductsMenuDTO[number] };
    const groups = new Map<string, { label: string; options: ProductOption[] }>();
    const names = productNames(t, m.products.data ?? []);
    for (const p of m.products.data ?? []) {
      const g = groups.get(p.categoryCode) ?? { label: p.categoryName, options: [] };
      // The label (shown once chosen) names the unit where two products share a name; the list's
      // second line always does.
      g.options.push({
        label: names.get(p.code) ?? p.name,
        name: p.name,
        value: p.code,
        coverage: productCoverage(t, p),
        product: p,
      });
      groups.set(p.categoryCode, g);
    }
    return [...groups.values()];
  }, [m.products.data, t]);
  const tree = useMemo(() => regionOptions(m.regionsQuery.data), [m.regionsQuery.data]);
  // Before the tree arrives, the chosen region alone, named (not its id).
  const regions = tree.length ? tree : [{ label: regionName(m, t, filters.region), value: filters.region }];
  const countryOptions = useMemo(
    () => (m.countries.data ?? []).map((c) => ({ label: `${c.name} · ${c.currency}`, value: c.code })),
    [m.countries.data],
  );

  const period = filters.range === 'custom' ? `${filters.from} – ${filters.to}` : t[RANGE_LABEL[filters.range]];
  return (
    <>
      <div ref={sentinel} className={s.sentinel} aria-hidden="true" />
      <form
        ref={form}
        className={s.filters}
        data-folded={folded}
        aria-label={t.controls}
        onSubmit={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && more) setMore(false);
        }}
      >
        {/* After scrolling, the bar folds to this one line (a 900 px screen kept 23 % for header and bar). */}
        <div className={s.summary} data-testid="filters-summary">
          <span className={s.summaryText}>
            <span className="visually-hidden">{t.filtersChosen}: </span>
            {[
              m.product?.name,
              regionName(m, t, filters.region),
              filters.compare.length ? `+${filters.compare.length}` : null,
              period,
              filters.currency === 'USD' ? 'USD' : m.country?.currency,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <button type="button" className={s.moreButton} onClick={open} data-testid="filters-change">
            {t.filtersChange}
          </button>
        </div>
        <label className={s.field}>
          <span>{t.country}</span>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            value={filters.country}
            // Until the menu answers, say so rather than show the code.
            options={countryOptions.length ? countryOptions : [{ label: t.loading, value: filters.country }]}
            loading={m.countries.isLoading}
            onChange={(v: string) => setFilters({ country: v })}
            aria-label={t.country}
            data-testid="country-select"
          />
        </label>
        <SegmentedField<'local' | 'USD'>
          label={t.currency}
          value={filters.currency}
          options={[
            { value: 'local', label: m.country?.currency ?? t.currencyLocal },
            { value: 'USD', label: t.currencyUsd, disabled: m.country ? !m.country.usd : false },
          ]}
          onChange={(v) => setFilters({ currency: v })}
          data-testid="currency-switch"
        />
        <label className={s.field}>
          <span>{t.product}</span>
          <Select
            showSearch
            // Either language's name, the source's name and the mapping table's other names.
            filterOption={(input, o) => {
              const p = (o as { product?: ProductsMenuDTO[number] } | undefined)?.product;
              return p ? productMatches(p, input) : false;
            }}
            // Wide enough for a whole name ("Rice (coarse, BR-8/ 11/, Guti Sharna)"), not the page.
            style={{ minWidth: 220, maxWidth: 400 }}
            placeholder={t.productPlaceholder}
            loading={m.products.isLoading}
            value={filters.product ?? undefined}
            options={productOptions}
            popupMatchSelectWidth={false}
            optionRender={(o) => {
              const { name, coverage, product } = o.data as Partial<ProductOptionData>;
              return (
                <span className={s.productOption}>
                  {name ?? o.label}
                  {product?.sourceName && <small lang="en">{product.sourceName}</small>}
                  {coverage && <small>{coverage}</small>}
                </span>
              );
            }}
            onChange={(v: string) => setFilters({ product: v })}
            aria-label={t.product}
            data-testid="product-select"
          />
        </label>
        <label className={s.field}>
          <span>{t.region}</span>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 260, maxWidth: 400 }}
            value={filters.region}
            options={regions}
            loading={m.regionsQuery.isLoading}
            onChange={(v: string) => setFilters({ region: v })}
            aria-label={t.region}
            data-testid="region-select"
          />
        </label>
        <SegmentedField<RangePreset>
          label={t.range}
          value={filters.range}
          options={RANGE_PRESETS.map((r) => ({ value: r, label: t[RANGE_LABEL[r]] }))}
          onChange={(v) =>
            setFilters(v === 'custom' ? { range: v, from: m.window.from, to: m.window.to } : { range: v })
          }
        />
        {filters.range === 'custom' && (
          <div className={s.field}>
            <span>
              {t.from} – {t.to}
            </span>
            <CustomDates
              from={filters.from}
              to={filters.to}
              max={m.today}
              labels={{ from: t.from, to: t.to }}
              onChange={(from, to) => setFilters({ from, to })}
            />
          </div>
        )}
        <button
          type="button"
          className={s.moreButton}
          aria-expanded={more}
          aria-controls="more-filters"
          onClick={() => {
            setMoreMade(true);
            setMore((v) => !v);
          }}
        >
          {t.moreFilters}
          {filters.compare.length > 0 && <span className={s.count}>{filters.compare.length}</span>}
        </button>
        {/* The filters changed less often: a panel under the "more" button, so the sticky bar stays two rows. */}
        <div id="more-filters" className={s.secondary} data-open={more}>
          {moreMade && (
            <>
              <label className={s.field}>
                <span>{t.compare}</span>
                <Select
                  mode="multiple"
                  showSearch
                  optionFilterProp="label"
                  style={{ minWidth: 220, maxWidth: 380 }}
                  placeholder={t.comparePlaceholder}
                  value={filters.compare}
                  options={regions}
                  maxCount={MAX_COMPARE}
                  onChange={(v: string[]) =>
                    setFilters({ compare: v.filter((x) => x !== filters.region).slice(0, MAX_COMPARE) })
                  }
                  aria-label={t.compare}
                />
              </label>
              <SegmentedField<'day' | 'week' | 'month'>
                label={t.granularity}
                value={filters.granularity}
                options={[
                  { value: 'day', label: t.day },
                  { value: 'week', label: t.week },
                  { value: 'month', label: t.month },
                ]}
                onChange={(v) => setFilters({ granularity: v })}
              />
              <SegmentedField<'wholesale' | 'retail'>
                label={t.priceType}
                value={filters.priceType}
                options={[
                  { value: 'wholesale', label: t.wholesale },
                  { value: 'retail', label: t.retail },
                ]}
                onChange={(v) => setFilters({ priceType: v })}
              />
              <label className={s.field}>
                <span>{t.seasonal}</span>
                <Switch
                  checked={filters.seasonal}
                  onChange={(v) => setFilters({ seasonal: v })}
                  aria-label={t.seasonal}
                />
              </label>
              <SegmentedField<UpColour>
                label={t.upColour}
                value={up}
                options={[
                  { value: 'red', label: <span className={ui.red}>{t.upRed}</span> },
                  { value: 'green', label: <span className={ui.green}>{t.upGreen}</span> },
                ]}
                onChange={setUpColour}
                data-testid="up-colour"
              />
            </>
          )}
        </div>
      </form>
    </>
  );
}

/**
 * Whether the bar is folded to its one line: once the page is scrolled past the bar's place (a line
 * just above it went under the site header), unless opened from that line or its "more" panel is
 * open. Not while focus is in the bar: a control in use never vanishes under the reader.
 */
function useFolding(more: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const unfoldedHeight = useRef(0);
  const [scrolled, setScrolled] = useState(false);
  // Opened from its folded line: stays open until the page is scrolled back to the top.
  const [opened, setOpened] = useState(false);
  const folded = scrolled && !opened && !more;
  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const header = Number.parseFloat(getComputedStyle(el).getPropertyValue('--header-h')) || 64;
    const io = new IntersectionObserver(
      ([e]) => {
        if (!e) return;
        const past = !e.isIntersecting && e.boundingClientRect.top < header;
        if (past && form.current?.contains(document.activeElement)) return;
        if (past && form.current?.dataset.folded === 'false') unfoldedHeight.current = form.current.offsetHeight;
        if (!past) setOpened(false);
        setScrolled(past);
      },
      { rootMargin: `-${header}px 0px 0px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  // The folded bar keeps its place in the page (a margin for the rows it hides): were the page to
  // get shorter, the browser's scroll anchoring would move the line that folds it back and forth.
  useLayoutEffect(() => {
    const f = form.current;
    if (!f) return;
    f.style.marginBottom = '';
    if (!folded) return;
    const base = Number.parseFloat(getComputedStyle(f).marginBottom) || 0;
    f.style.marginBottom = `${base + Math.max(0, unfoldedHeight.current - f.offsetHeight)}px`;
  }, [folded]);
  const open = () => {
    setOpened(true);
    // The line's button goes with the line: focus moves on to the bar's first control.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('input, [tabindex="0"]')?.focus());
  };
  return { folded, open, sentinel, form };
}
