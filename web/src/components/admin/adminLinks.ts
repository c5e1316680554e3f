// The links each admin page shows (docs/product.md §2).
import type { AdminLink } from './AdminShell';

export const DASHBOARD_LINKS: readonly AdminLink[] = [
  { to: '/admin/removal-requests', label: 'Removal Requests' },
  { to: '/admin/claim-disputes', label: 'Claim Disputes' },
  { to: '/admin/deleted-submissions', label: 'Deleted Records' },
  { to: '/admin/audit-log', label: 'Audit Log' },
  { to: '/admin/jobs', label: 'Job Queue' },
  { to: '/admin/webhooks', label: 'Webhooks' },
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

export const JOBS_LINKS: readonly AdminLink[] = [
  { to: '/admin/audit-log', label: 'Audit Log' },
  { to: '/admin', label: 'Back to Admin' },
];

export const WEBHOOKS_LINKS: readonly AdminLink[] = [
  { to: '/admin/audit-log', label: 'Audit Log' },
  { to: '/admin', label: 'Back to Admin' },
];

export const CLAIM_DISPUTES_LINKS: readonly AdminLink[] = [
  { to: '/admin/audit-log', label: 'Audit Log' },
  { to: '/admin/removal-requests', label: 'Removal Requests' },
  { to: '/admin', label: 'Back to Admin' },
];
