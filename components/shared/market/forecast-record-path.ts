/** The forecast record's page (docs/market-data.md#forecast-record); a phone is served its mobile variant there. */
export const FORECAST_RECORD_PATH = '/functionality/forecastRecord';
