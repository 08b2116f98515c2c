import { def } from '../../contract-def';
import { STAFF_ROLES } from '../roles';
import { dashboardSchema } from '../schemas/dashboard';

export const dashboardCalls = {
  ConsoleDashboard: def({
    auth: STAFF_ROLES,
    response: dashboardSchema,
    summary: 'Console: sales, new users, members by level, feedback waiting and data freshness',
    extra: true,
  }),
};
