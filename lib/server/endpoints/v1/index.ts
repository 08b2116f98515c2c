import 'server-only';
import { anomalies } from './anomalies';
import { countries, products, regions } from './catalogue';
import { forecast, index, latest, series } from './data';
import type { V1Handlers } from './types';

/** One handler per endpoint of lib/api/v1/endpoints.ts (a missing one is a type error). */
export const v1Handlers: V1Handlers = { countries, regions, products, series, latest, index, forecast, anomalies };
