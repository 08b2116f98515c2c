import 'server-only';
import { handlers } from '../http/handler';
import { langOf } from '../services/market/read/catalogue';
import { dataStatus } from '../services/market/read/data-status';
import { todayUtc } from '@/lib/shared/dates';

// What the data covers (docs/market-data.md, "Data status"): public, as the page that shows it.
export const coverageHandlers = handlers({
  DataStatus: ({ db, query, meta }) => dataStatus(db, langOf(query.lang), todayUtc(meta.now)),
});
