import { startEarly } from '@/lib/api/hooks';
import { marketCalls } from './calls';
import { loadCharts } from './lazy-charts';
import { todayUtc } from '@/lib/shared/dates';
import { nationOf } from '@/lib/api/schemas/market-ids';
import { defaultFilters, parseFilters } from './filters';

/**
 * Asks for the market page's first charts as soon as its code runs in the browser, instead of
 * after React hydrated the whole page (docs/decisions/market-early-calls.md): the menus, the price
 * list and the overview at once; the trend, the forecast and the region tree when the products
 * arrive; the index when its menu and the countries do. The inputs are the page's own (calls.ts,
 * from the URL, the page's language and the day), so the page's queries take these answers
 * instead of asking again. Only on a view of a whole country: a market's index region is known only
 * from the region tree, and such a view is rarely anyone's first.
 */
export function startMarketCalls() {
  // The charts' code first: a browser opens at most six connections to one server, and the calls
  // below took them all, so the chunk waited for their slowest answer (on the bench: asked at
  // 1.27 s, its first byte at 1.90 s, the first line drawn 0.4 s after that).
  loadCharts();
  const today = todayUtc();
  const filters = parseFilters(window.location.search, defaultFilters(today));
  if (filters.region !== nationOf(filters.country)) return;
  const lang = document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en';
  const first = marketCalls(filters, lang, today, { countriesKnown: false, productsKnown: false });
  const countries = startEarly('CountryMenu', first.countries);
  const products = startEarly('ProductsMenu', first.products);
  const indexMenu = startEarly('IndexMenu', first.indexMenu);
  startEarly('PriceIndex', { body: first.overview, skipErrorHandler: true });
  const ignore = () => undefined;
  products.then((list) => {
    const next = marketCalls(filters, lang, today, { countriesKnown: false, products: list, productsKnown: true });
    if (next.trend) startEarly('PriceTrend', { body: next.trend, skipErrorHandler: true });
    if (next.agri) startEarly('PriceAgTrend', { body: next.agri, skipErrorHandler: true });
    if (next.regions) startEarly('GetRegion', next.regions);
    if (next.webPrice) startEarly('WebPrice', next.webPrice);
  }, ignore);
  Promise.all([countries, indexMenu]).then(([c, menu]) => {
    const next = marketCalls(filters, lang, today, {
      countries: c,
      countriesKnown: true,
      indexMenu: menu,
      productsKnown: false,
    });
    startEarly('PriceIndex', { body: next.index, skipErrorHandler: true });
  }, ignore);
}
