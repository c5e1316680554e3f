// What an admin list shows besides its rows: loading, the spec's failure message with a
// retry, or an empty state.
import type { MessagePair } from '#core/messages';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

export function ListStatus({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
}: {
  loading: boolean;
  error: MessagePair | null;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <div role="alert" className="rounded-card border border-destructive bg-destructive-soft p-4 text-red-900">
        <p className="font-semibold">{error.title}</p>
        <p className="text-sm">{error.description}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (loading) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (empty)
    return <p className="rounded-card border border-dashed border-border p-6 text-center text-muted-foreground">{emptyText}</p>;
  return null;
}
