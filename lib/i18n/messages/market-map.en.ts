// The market map section of the market pages (components/shared/market/map); market.en.ts spreads it.
export const marketMapEn = {
  mapTitle: 'Market map',
  mapColourBy: 'Colour by',
  mapByChange: 'latest change',
  mapByAnomaly: 'anomaly level',
  mapLead: 'Latest {product} price in each market, coloured by its change from the price before.',
  mapLoading: 'Loading the map…',
  mapNoOutline: 'The map of this country could not be loaded; the table below has the same figures.',
  mapEmpty: 'No market has a latest price of this product with a location.',
  mapLegend: 'Change from the previous price',
  mapRise: 'rise',
  mapFall: 'fall',
  mapNoChange: 'no earlier price',
  mapTable: 'The same figures as a table',
  mapBoundaries: 'Boundaries: {source} (public domain), illustrative only.',
  mapUnplaced: {
    count: 'n',
    one: '{n} market has no location and is only in the table.',
    other: '{n} markets have no location and are only in the table.',
  },
  mapLabel: '{market}: {price}, {change}, {date}',
};
