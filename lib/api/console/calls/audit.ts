import { def } from '../../contract-def';
import { auditFacetsSchema, auditPageSchema, auditQueryBody } from '../schemas/audit';

/** The audit log: read and export only; no call changes it (docs/console.md "Audit log"). */
export const auditCalls = {
  ConsoleAuditLog: def({
    auth: ['admin'],
    body: auditQueryBody,
    response: auditPageSchema,
    summary: 'Console: audit records, newest first, searchable by text, actor, action, entity and time',
    extra: true,
  }),
  ConsoleAuditFacets: def({
    auth: ['admin'],
    response: auditFacetsSchema,
    summary: 'Console: the actions and entities the audit log holds (its filters)',
    extra: true,
  }),
};
