import { PlaceholderPage } from '../PlaceholderPage';

export default function AuditLogPage() {
  return <PlaceholderPage title="Audit Log" description="Every admin action on the registry, newest first." />;
}
