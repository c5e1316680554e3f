// The links each admin page shows (docs/product.md §2).
import type { AdminLink } from './AdminShell';

export const DASHBOARD_LINKS: readonly AdminLink[] = [
  { to: '/admin/removal-requests', label: 'Removal Requests' },
  { to: '/admin/deleted-submissions', label: 'Deleted Records' },
  { to: '/admin/audit-log', label: 'Audit Log' },
  { to: '/', label: 'Home' },
  { to: '/ledger', label: 'Ledger' },
  { to: '/implementation', label: 'Implementation Guide' },
];

export const REMOVAL_REQUESTS_LINKS: readonly AdminLink[] = [
  { to: '/admin/audit-log', label: 'Audit Log' },
  { to: '/admin/deleted-submissions', label: 'Deleted Records' },
  { to: '/admin', label: 'Back to Admin' },
];

export const DELETED_LINKS: readonly AdminLink[] = [
  { to: '/admin/removal-requests', label: 'Removal Requests' },
  { to: '/admin/audit-log', label: 'Audit Log' },
  { to: '/admin', label: 'Back to Admin' },
];

export const AUDIT_LINKS: readonly AdminLink[] = [
  { to: '/admin/removal-requests', label: 'Removal Requests' },
  { to: '/admin/deleted-submissions', label: 'Deleted Records' },
  { to: '/admin', label: 'Back to Admin' },
];
