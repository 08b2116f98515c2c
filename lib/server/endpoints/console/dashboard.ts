import 'server-only';
import { handlers } from '../../http/handler';
import { dashboard } from '../../services/console/dashboard';

export const consoleDashboardHandlers = handlers({
  ConsoleDashboard: ({ db, meta }) => dashboard(db, meta.now),
});
