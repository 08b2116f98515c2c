// The console's dictionary (docs/console.md): its own, apart from the site's, so no public page
// carries its words. Each area adds its file's object here.
import type { Locale } from '@/lib/shared/locale';
import { consoleAuditEn } from './messages/console-audit.en';
import { consoleAuditActionsEn } from './messages/console-audit-actions.en';
import { consoleAuditActionsZhCN } from './messages/console-audit-actions.zh-cn';
import { consoleAuditZhCN } from './messages/console-audit.zh-cn';
import { consoleCatalogueEn } from './messages/console-catalogue.en';
import { consoleCatalogueZhCN } from './messages/console-catalogue.zh-cn';
import { consoleContentEn } from './messages/console-content.en';
import { consoleContentZhCN } from './messages/console-content.zh-cn';
import { consoleCustomersEn } from './messages/console-customers.en';
// Documents in the console (helper "console").
import { consoleDocumentsEn } from './messages/console-documents.en';
import { consoleDocumentsZhCN } from './messages/console-documents.zh-cn';
import { consoleCustomersZhCN } from './messages/console-customers.zh-cn';
import { consoleDataEn } from './messages/console-data.en';
import { consoleDataZhCN } from './messages/console-data.zh-cn';
import { consoleFeedbackEn } from './messages/console-feedback.en';
import { consoleFeedbackZhCN } from './messages/console-feedback.zh-cn';
import { consoleCommerceCatalogueEn } from './messages/console-commerce-catalogue.en';
import { consoleCommerceCatalogueZhCN } from './messages/console-commerce-catalogue.zh-cn';
import { consoleOrdersEn } from './messages/console-orders.en';
import { consoleOrdersZhCN } from './messages/console-orders.zh-cn';
import { consoleProductsEn } from './messages/console-products.en';
import { consoleProductsZhCN } from './messages/console-products.zh-cn';
import { consoleShellEn } from './messages/console-shell.en';
import { consoleShellZhCN } from './messages/console-shell.zh-cn';
import { consoleSourcesEn } from './messages/console-sources.en';
import { consoleSourcesZhCN } from './messages/console-sources.zh-cn';
import type { Translation } from './types';

const en = {
  ...consoleShellEn,
  ...consoleAuditEn,
  ...consoleAuditActionsEn,
  ...consoleDataEn,
  ...consoleFeedbackEn,
  ...consoleCustomersEn,
  ...consoleProductsEn,
  ...consoleContentEn,
  ...consoleSourcesEn,
  ...consoleOrdersEn,
  ...consoleCatalogueEn,
  ...consoleCommerceCatalogueEn,
  ...consoleDocumentsEn,
};
export type ConsoleMessages = Translation<typeof en>;

export const consoleDictionaries: Record<Locale, ConsoleMessages> = {
  en,
  'zh-CN': {
    ...consoleShellZhCN,
    ...consoleAuditZhCN,
    ...consoleAuditActionsZhCN,
    ...consoleDataZhCN,
    ...consoleFeedbackZhCN,
    ...consoleCustomersZhCN,
    ...consoleProductsZhCN,
    ...consoleContentZhCN,
    ...consoleSourcesZhCN,
    ...consoleOrdersZhCN,
    ...consoleCatalogueZhCN,
    ...consoleCommerceCatalogueZhCN,
    ...consoleDocumentsZhCN,
  },
};
