import { z } from 'zod';
import { messageRefSchema } from '../../schemas/common';
import { sourceFeedSchema } from './source-feeds';

const names = z.object({ en: z.string(), zh: z.string() });
const tally = z.object({ orders: z.number().int(), revenueFen: z.number().int() });

/** The dashboard's figures (docs/console.md "Dashboard"); days are Beijing days, oldest first. */
export const dashboardSchema = z.object({
  asOf: z.string(),
  sales: z.object({
    today: tally,
    month: tally,
    days: z.array(tally.extend({ day: z.string() })),
  }),
  users: z.object({
    today: z.number().int(),
    month: z.number().int(),
    days: z.array(z.object({ day: z.string(), count: z.number().int() })),
  }),
  members: z.array(z.object({ code: z.string(), name: names, rank: z.number().int(), count: z.number().int() })),
  feedback: z.object({ waiting: z.number().int(), oldestAt: z.string().nullable() }),
  freshness: z.array(
    z.object({
      country: z.string(),
      countryName: names,
      source: z.string(),
      lastDay: z.string(),
      /** The source's last import that ended (any outcome), its rows and whether it failed. */
      lastImportAt: z.string().nullable(),
      lastImportRows: z.number().int().nullable(),
      /** When the source refreshes itself next (sources fetched from a URL); null when imported by hand. */
      nextRefreshAt: z.string().nullable(),
    }),
  ),
  /** Sources fetched from a URL on a schedule: their next and last runs. */
  feeds: z.array(sourceFeedSchema),
  /** Sources fetched from a URL whose last run failed. */
  failing: z.array(
    z.object({ source: z.string(), at: z.string(), error: z.string(), errorRef: messageRefSchema.nullable() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
