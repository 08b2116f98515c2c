// The console's part of the contract (docs/console.md): every call lives at
// {core}/api/Console/<name> (lib/api/routes.ts `routeOf`) and names the staff roles that may make it.
import { accessCalls } from './calls/access';
import { auditCalls } from './calls/audit';
import { catalogueCalls } from './calls/catalogue';
import { contentCalls } from './calls/content';
import { documentCalls } from './calls/documents';
import { customerCalls } from './calls/customers';
import { dashboardCalls } from './calls/dashboard';
import { dataImportCalls } from './calls/data-imports';
import { feedbackCalls } from './calls/feedback';
import { dataProductCalls } from './calls/data-products';
import { sourceFeedCalls } from './calls/source-feeds';
import { orderCalls } from './calls/orders';
import { commerceCatalogueCalls } from './calls/commerce-catalogue';

export const consoleShapes = {
  ...accessCalls,
  ...auditCalls,
  ...contentCalls,
  ...documentCalls,
  ...dashboardCalls,
  ...dataImportCalls,
  ...feedbackCalls,
  ...customerCalls,
  ...dataProductCalls,
  ...sourceFeedCalls,
  ...orderCalls,
  ...catalogueCalls,
  ...commerceCatalogueCalls,
};

export type ConsoleCallName = keyof typeof consoleShapes;
