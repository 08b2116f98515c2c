import 'server-only';
import { handlers } from '../../http/handler';
import { auditFacets, listAudit } from '../../services/console/audit';

export const consoleAuditHandlers = handlers({
  ConsoleAuditLog: ({ db, body }) => listAudit(db, body),
  ConsoleAuditFacets: ({ db }) => auditFacets(db),
});
