// What the wizard knows about the upload: a progress bar while it runs, the server's facts
// (SHA-256, size, embedded metadata) once done, or the error with a retry.
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { HASH_DISPLAY } from '#core/constants';
import { Button } from '../ui/Button';
import type { UploadState } from './useImageUpload';

function dimensionsText(dimensions: string): string {
  const [w, h] = dimensions.split(',');
  return w && h ? `${w} × ${h} px` : dimensions;
}

export function UploadStatus({ state, onRetry }: { state: UploadState; onRetry?: () => void }) {
  if (state.status === 'idle') return null;

  if (state.status === 'uploading') {
    const percent = Math.round(state.progress * 100);
    return (
      <div className="grid gap-2" data-testid="upload-status">
        <div className="flex justify-between text-sm">
          <span id="upload-progress-label">Uploading image…</span>
          <span className="tabular-nums text-muted-foreground">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="upload-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }

  if (state.status === 'error') {
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between"
        data-testid="upload-status"
      >
        <p className="flex items-start gap-2">
          <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <strong>Upload failed.</strong> {state.message}
          </span>
        </p>
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            Retry upload
          </Button>
        )}
      </div>
    );
  }

  const { result } = state;
  return (
    <div className="grid gap-2 rounded-md border border-border bg-success-soft/40 p-3 text-sm" data-testid="upload-status">
      <p className="flex items-center gap-2 font-medium text-green-900">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        Image uploaded
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">SHA-256</dt>
        <dd className="break-all font-mono text-xs" title={result.image_hash}>
          {result.image_hash.slice(0, HASH_DISPLAY.full)}…
        </dd>
        <dt className="text-muted-foreground">Dimensions</dt>
        <dd>{dimensionsText(result.image_dimensions)}</dd>
        <dt className="text-muted-foreground">Metadata found</dt>
        <dd>{result.metadata_found.length ? result.metadata_found.join(', ') : 'None'}</dd>
      </dl>
      {result.exact_matches > 0 && (
        <p className="text-amber-900">
          This exact image is already registered in the ledger ({result.exact_matches} {result.exact_matches === 1 ? 'work' : 'works'}
          ).
        </p>
      )}
    </div>
  );
}
