import { AuditLog } from '@/components/console/audit/audit-log';

export default function ConsoleAuditPage() {
  return <AuditLog />;
}
