import 'server-only';
import { registryOf } from '../../http/handler';
import { consoleAccessHandlers } from './access';
import { consoleAuditHandlers } from './audit';
import { consoleCatalogueHandlers } from './catalogue';
import { consoleContentHandlers } from './content';
import { consoleDocumentHandlers } from './documents';
import { consoleCustomerHandlers } from './customers';
import { consoleDashboardHandlers } from './dashboard';
import { consoleDataImportHandlers } from './data-imports';
import { consoleFeedbackHandlers } from './feedback';
import { consoleDataProductHandlers } from './data-products';
import { consoleSourceFeedHandlers } from './source-feeds';
import { consoleOrderHandlers } from './orders';
import { consoleCommerceCatalogueHandlers } from './commerce-catalogue';

/** The console's handlers (docs/console.md), one map per area; lib/server/endpoints/index.ts adds them. */
export const consoleHandlers = registryOf(
  consoleAccessHandlers,
  consoleDashboardHandlers,
  consoleAuditHandlers,
  consoleDataImportHandlers,
  consoleDataProductHandlers,
  consoleContentHandlers,
  consoleDocumentHandlers,
  consoleFeedbackHandlers,
  consoleCustomerHandlers,
  consoleSourceFeedHandlers,
  consoleOrderHandlers,
  consoleCatalogueHandlers,
  consoleCommerceCatalogueHandlers,
);
