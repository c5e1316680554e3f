import type { RemovalRequestStatus } from '#core/constants';
import { Badge, type BadgeVariant } from '../ui/Badge';

const VARIANTS: Record<RemovalRequestStatus, BadgeVariant> = {
  pending: 'warning',
  processing: 'secondary',
  approved: 'success',
  denied: 'destructive',
};

export const REMOVAL_STATUS_LABELS: Record<RemovalRequestStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  approved: 'Approved',
  denied: 'Denied',
};

export function RemovalStatusBadge({ status }: { status: RemovalRequestStatus }) {
  return <Badge variant={VARIANTS[status]}>{REMOVAL_STATUS_LABELS[status]}</Badge>;
}
