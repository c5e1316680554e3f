// One endpoint's delivery log (issue 39): each event's state, tries, the receiver's last status
// and why the last try failed; a failed delivery can be queued again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { MESSAGES } from '#core/messages';
import { WEBHOOK_DELIVERY_STATE_TEXTS, type WebhookDeliveryState } from '#core/webhooks';
import { formatDateTime } from '../../../lib/dates';
import { toastSuccess } from '../../../lib/toast';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { AdminTable } from '../AdminTable';
import { adminApi, adminKeys } from '../adminApi';
import { toastAdminError } from '../adminErrors';
import { td } from '../TableRegion';
import { useSessionExpiredHandler } from '../useAdminSession';

const COLUMNS = ['Event', 'State', 'Tries', 'Last status', 'Last error', 'Happened', 'Last try', 'Retry'];
const STATE_BADGES: Record<WebhookDeliveryState, BadgeVariant> = {
  pending: 'secondary',
  waiting: 'secondary',
  retrying: 'warning',
  delivered: 'success',
  failed: 'destructive',
  skipped: 'outline',
};

export function DeliveryLog({ endpointId, url }: { endpointId: string; url: string }) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const query = useQuery({
    queryKey: adminKeys.webhookDeliveries(endpointId),
    queryFn: () => adminApi.webhookDeliveries(endpointId),
    // Deliveries move on their own (retries): the log follows them while it is open.
    refetchInterval: 3000,
  });

  async function retry(deliveryId: string) {
    try {
      await adminApi.retryWebhookDelivery(endpointId, deliveryId);
      toastSuccess(MESSAGES.webhookRetried.title, MESSAGES.webhookRetried.description);
      await queryClient.invalidateQueries({ queryKey: adminKeys.webhooks });
    } catch (error) {
      if (!onSessionExpired(error)) toastAdminError(error, MESSAGES.webhookActionFailed);
    }
  }

  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading deliveries…</p>;
  if (query.isError) return <p className="text-sm text-destructive">{MESSAGES.loadWebhooksFailed.description}</p>;
  const { deliveries } = query.data;
  if (deliveries.length === 0) return <p className="text-sm text-muted-foreground">No events have been sent to this endpoint yet.</p>;
  return (
    <AdminTable label={`Deliveries to ${url}`} columns={COLUMNS} minWidthClass="min-w-[900px]">
      {deliveries.map((delivery) => (
        <tr key={delivery.id}>
          <td className={`${td} font-mono text-xs`}>{delivery.event}</td>
          <td className={td}>
            <Badge variant={STATE_BADGES[delivery.state]}>{WEBHOOK_DELIVERY_STATE_TEXTS[delivery.state]}</Badge>
          </td>
          <td className={td}>{delivery.attempts}</td>
          <td className={td}>{delivery.last_status ?? '—'}</td>
          <td className={`${td} max-w-xs`}>{delivery.last_error ?? '—'}</td>
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={delivery.created_at}>{formatDateTime(delivery.created_at)}</time>
          </td>
          <td className={`${td} whitespace-nowrap`}>
            {delivery.last_attempt_at ? (
              <time dateTime={delivery.last_attempt_at}>{formatDateTime(delivery.last_attempt_at)}</time>
            ) : (
              '—'
            )}
          </td>
          <td className={td}>
            {delivery.state === 'failed' || delivery.state === 'skipped' ? (
              <Button variant="outline" size="sm" onClick={() => void retry(delivery.id)}>
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
                Retry<span className="sr-only"> the {delivery.event} delivery</span>
              </Button>
            ) : (
              '—'
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
