// The forecast panel's texts (docs/market-data.md#forecasts), part of the `market` namespace.
export const forecastEn = {
  fcObserved: '{months} of {of} months have prices',
  fcModelFrom:
    'the model uses the {observed} months with prices since {from} (an earlier gap of over a year ends the older series)',
  fcGap: 'No price that month (line drawn between neighbours)',
  fcEnded: 'No forecast: this series ended {month}.',
  fcEndedBody: 'Every month a forecast would cover has passed. The history stays below.',
  fcTooFew: 'No forecast: {observed} months with prices; a forecast needs {needed}.',
  fcTooFewBody: 'Two years of prices to fit a model and six more to check it against seasonal naive.',
  fcMadeFrom: 'Made from prices up to {date}',
  fcSnaive: 'Seasonal naive shown',
  fcSnaiveBody:
    'In the back-test the model did not beat seasonal naive (the same month a year earlier), so the forecast shown is seasonal naive.',
  fcBacktest: 'Back-test over the last 24 months (MASE, lower is better): model {model}, seasonal naive {naive}',
  fcBand80: '80% band',
  fcBand95: '95% band',
  fcHeld: 'held {pct} in back-tests',
  fcUncalibrated: 'Bands not yet calibrated on a forecast record.',
  fcRecordLink: 'How good are our forecasts? The forecast record',
};
