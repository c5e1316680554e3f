// One webhook endpoint (issue 39): its address, events and delivery counts; enable or disable it,
// rotate its secret (the new one is shown once), delete it (asked twice), and open its log.
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookWithSecret } from '#core/api/admin-webhooks';
import { MESSAGES } from '#core/messages';
import { toastSuccess } from '../../../lib/toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { adminApi, adminKeys } from '../adminApi';
import { toastAdminError } from '../adminErrors';
import { useSessionExpiredHandler } from '../useAdminSession';
import { DeliveryLog } from './DeliveryLog';

export function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (rotated: WebhookWithSecret) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  async function act(action: () => Promise<unknown>, done?: { title: string; description: string }) {
    setBusy(true);
    try {
      await action();
      if (done) toastSuccess(done.title, done.description);
      await queryClient.invalidateQueries({ queryKey: adminKeys.webhooks });
    } catch (error) {
      if (!onSessionExpired(error)) toastAdminError(error, MESSAGES.webhookActionFailed);
    } finally {
      setBusy(false);
    }
  }

  const { delivered, failed, pending } = endpoint.deliveries;
  return (
    <li className="grid gap-3 rounded-card border border-border p-4" aria-labelledby={`${id}-url`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 id={`${id}-url`} className="font-mono text-sm font-semibold break-all">
            {endpoint.url}
          </h3>
          {endpoint.description && <p className="text-sm text-muted-foreground">{endpoint.description}</p>}
          <p className="text-sm">
            <span className="font-mono text-xs">{endpoint.events.join(', ')}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {delivered} delivered, {failed} failed, {pending} pending
          </p>
        </div>
        <Badge variant={endpoint.enabled ? 'success' : 'outline'}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => void act(() => adminApi.changeWebhook(endpoint.id, { enabled: !endpoint.enabled }), MESSAGES.webhookChanged)}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => void act(async () => onSecret(await adminApi.rotateWebhookSecret(endpoint.id)))}
        >
          Rotate secret
        </Button>
        {confirmDelete ? (
          <>
            <Button
              variant="destructive"
              size="sm"
              disabled={busy}
              onClick={() => void act(() => adminApi.deleteWebhook(endpoint.id), MESSAGES.webhookDeleted)}
            >
              Delete for good
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        )}
      </div>
      {showLog && <DeliveryLog endpointId={endpoint.id} url={endpoint.url} />}
    </li>
  );
}
