import 'server-only';
import { handlers } from '../http/handler';
import { accessCtx } from '../services/market/read/access';
import { langOf } from '../services/market/read/catalogue';
import { priceCompare } from '../services/market/read/compare';

// Each line is put to the access policy inside the service (a refused line is answered as locked).
export const compareHandlers = handlers({
  PriceCompare: ({ db, body, viewer, meta }) => priceCompare(accessCtx(db, viewer, meta.now, langOf(body.lang)), body),
});
