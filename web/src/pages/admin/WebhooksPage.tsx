// /admin/webhooks (issue 39, decision 0069): the endpoints integrators receive signed events at,
// their delivery logs, and the form to add one. A new or rotated secret is shown once.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WebhookWithSecret } from '#core/api/admin-webhooks';
import { MESSAGES, type MessagePair } from '#core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { WEBHOOKS_LINKS } from '../../components/admin/adminLinks';
import { AdminShell } from '../../components/admin/AdminShell';
import { useAdminList } from '../../components/admin/useAdminList';
import { EndpointCard } from '../../components/admin/webhooks/EndpointCard';
import { NewEndpointForm } from '../../components/admin/webhooks/NewEndpointForm';
import { SecretOnce } from '../../components/admin/webhooks/SecretOnce';

export default function WebhooksPage() {
  return (
    <AdminShell
      title="Webhooks"
      description="Signed events for integrators: registrations, changes, withdrawals, removals, restorations and consent changes."
      links={WEBHOOKS_LINKS}
    >
      {() => <Webhooks />}
    </AdminShell>
  );
}

function Webhooks() {
  const queryClient = useQueryClient();
  const list = useAdminList(adminKeys.webhooks, () => adminApi.webhooks(), MESSAGES.loadWebhooksFailed);
  const [secret, setSecret] = useState<{ shown: WebhookWithSecret; message: MessagePair } | null>(null);

  const added = (shown: WebhookWithSecret) => {
    setSecret({ shown, message: MESSAGES.webhookCreated });
    void queryClient.invalidateQueries({ queryKey: adminKeys.webhooks });
  };
  const rotated = (shown: WebhookWithSecret) => setSecret({ shown, message: MESSAGES.webhookSecretRotated });
  const data = list.query.data;

  return (
    <div className="grid grid-cols-1 gap-6">
      {secret && (
        <SecretOnce
          url={secret.shown.endpoint.url}
          secret={secret.shown.secret}
          message={secret.message}
          onDone={() => setSecret(null)}
        />
      )}
      <section aria-labelledby="webhook-endpoints-heading" className="grid gap-3">
        <h2 id="webhook-endpoints-heading" className="text-lg font-semibold">
          Endpoints{data ? ` (${data.endpoints.length} of ${data.max_endpoints})` : ''}
        </h2>
        {list.errorMessage && <p className="text-sm text-destructive">{list.errorMessage.description}</p>}
        {data && data.endpoints.length === 0 && <p className="text-sm text-muted-foreground">No endpoints yet.</p>}
        {data && data.endpoints.length > 0 && (
          <ul className="grid gap-3">
            {data.endpoints.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={rotated} />
            ))}
          </ul>
        )}
      </section>
      <NewEndpointForm onAdded={added} />
    </div>
  );
}
