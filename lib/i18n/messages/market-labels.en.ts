// Labels that follow the data (docs/market-data.md#defaults), part of the `market` namespace.
export const marketLabelsEn = {
  seasonalSpan: '{from} – {to}, +{shift} y',
};
