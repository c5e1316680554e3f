// Adding a webhook endpoint (issue 39): its address, a note, the events it gets. The server checks
// the address (public networks only) and answers with the signing secret, which the page shows once.
import { useId, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import type { WebhookWithSecret } from '#core/api/admin-webhooks';
import { MESSAGES } from '#core/messages';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TEXTS, WEBHOOK_LIMITS, type WebhookEvent } from '#core/webhooks';
import { ApiError } from '../../../lib/api';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FieldError, describedByWithError, fieldErrorId } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { adminApi } from '../adminApi';
import { toastAdminError } from '../adminErrors';
import { useSessionExpiredHandler } from '../useAdminSession';

export function NewEndpointForm({ onAdded }: { onAdded: (added: WebhookWithSecret) => void }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const onSessionExpired = useSessionExpiredHandler();

  function toggle(event: WebhookEvent, on: boolean) {
    setEvents((current) =>
      on ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event),
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setFieldErrors({});
    try {
      const added = await adminApi.addWebhook({ url, events, ...(description.trim() ? { description } : {}) });
      setUrl('');
      setDescription('');
      onAdded(added);
    } catch (error) {
      if (onSessionExpired(error)) return;
      if (error instanceof ApiError && error.fields) setFieldErrors(error.fields);
      toastAdminError(error, MESSAGES.webhookActionFailed);
    } finally {
      setSaving(false);
    }
  }

  const urlId = `${id}-url`;
  const urlError = fieldErrors.url ?? null;
  const eventsError = fieldErrors.events ?? null;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-border p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Add an endpoint
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Events are POSTed to the address as JSON, signed as the Standard Webhooks specification describes. The address must lead to a
        public network.
      </p>
      <form className="mt-4 grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <div className="grid gap-2">
          <Label htmlFor={urlId}>Endpoint URL</Label>
          <Input
            id={urlId}
            type="url"
            value={url}
            maxLength={WEBHOOK_LIMITS.urlLength}
            placeholder="https://gallery.example/hooks/registry"
            aria-invalid={urlError ? true : undefined}
            aria-describedby={describedByWithError(urlId, !!urlError)}
            onChange={(e) => setUrl(e.target.value)}
          />
          <FieldError id={fieldErrorId(urlId)} message={urlError} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>Description (optional)</Label>
          <Input
            id={`${id}-description`}
            value={description}
            maxLength={WEBHOOK_LIMITS.descriptionLength}
            placeholder="Who receives it"
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <fieldset className="grid gap-3" aria-describedby={eventsError ? `${id}-events-error` : undefined}>
          <legend className="text-sm font-medium">Events</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox
                key={event}
                label={<span className="font-mono">{event}</span>}
                description={WEBHOOK_EVENT_TEXTS[event]}
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
            ))}
          </div>
          <FieldError id={`${id}-events-error`} message={eventsError} />
        </fieldset>
        <div>
          <Button type="submit" disabled={saving}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {saving ? 'Adding…' : 'Add endpoint'}
          </Button>
        </div>
      </form>
    </section>
  );
}
