// The embeddable charts (/embed/…) and the chart tools (share, cite, download, embed) of the market pages.
export const embedEn = {
  embed: {
    trendTitle: '{product} · {region}',
    trendSub: '{priceType} price, {unit} · {from} – {to}',
    wholesale: 'Wholesale',
    retail: 'Retail',
    source: 'Source: {sources}',
    asOf: 'as of {date}',
    viewOn: 'View on {site}',
    locked: 'This chart is not public. Open it on {site} to see it.',
    notFound: 'There is no such chart.',
    empty: 'No prices between {from} and {to}. Open the chart on {site} to choose another period.',
    data: 'Data',
    date: 'Date',
    chartLabel: '{title}: {n} prices from {from} to {to}, last {last}.',
  },
};
