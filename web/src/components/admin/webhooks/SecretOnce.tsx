// The signing secret of a new or rotated endpoint, shown once: the server never shows it again.
import { KeyRound } from 'lucide-react';
import type { MessagePair } from '#core/messages';
import { Button } from '../../ui/Button';

export function SecretOnce({
  url,
  secret,
  message,
  onDone,
}: {
  url: string;
  secret: string;
  message: MessagePair;
  onDone: () => void;
}) {
  return (
    <section aria-label="New signing secret" className="rounded-card border-2 border-primary p-4" aria-live="polite">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound aria-hidden="true" className="h-5 w-5" />
        {message.title}
      </h2>
      <p className="mt-1 text-sm">{message.description}</p>
      <p className="mt-3 text-sm text-muted-foreground break-all">
        Endpoint: <span className="font-mono">{url}</span>
      </p>
      <p className="mt-2 rounded-md bg-muted p-3 font-mono text-sm break-all" data-testid="webhook-secret">
        {secret}
      </p>
      <Button variant="outline" className="mt-3" onClick={onDone}>
        I have copied it
      </Button>
    </section>
  );
}
