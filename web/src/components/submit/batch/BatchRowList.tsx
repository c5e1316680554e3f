// One card per chosen image of a batch: thumbnail, its upload and registration state (once
// registered, its links' states, live: issue 33), and the fields that differ per work (title, prompt).
import { AlertCircle, CheckCircle2, Loader2, X } from 'lucide-react';
import { Link } from 'react-router';
import { LIMITS } from '#core/constants';
import { Button } from '../../ui/Button';
import { RowLinkStates } from '../../work/LiveLinkStates';
import { Input } from '../../ui/Input';
import { Textarea } from '../../ui/Textarea';
import { Field } from '../Field';
import { titleFromFileName, type BatchRow } from './useBatchRows';

function RowState({ row }: { row: BatchRow }) {
  const reg = row.registration;
  if (reg.status === 'registered') {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        Registered as{' '}
        <Link to={`/verify/${encodeURIComponent(reg.work.id)}`} className="underline underline-offset-2">
          {reg.work.registry_id}
        </Link>
        <span className="font-normal text-muted-foreground">
          · {reg.work.status} {reg.work.trust_meter}/100
        </span>
      </p>
    );
  }
  const failure = row.upload.status === 'error' ? row.upload.message : reg.status === 'failed' ? reg.message : null;
  if (failure) {
    return (
      <p className="flex items-start gap-2 text-sm text-destructive">
        <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>Not registered: {failure}</span>
      </p>
    );
  }
  if (reg.status === 'registering') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
        Registering…
      </p>
    );
  }
  if (row.upload.status === 'done') return <p className="text-sm text-muted-foreground">Uploaded, ready to register</p>;
  const percent = row.upload.status === 'uploading' ? Math.round(row.upload.progress * 100) : 0;
  return (
    <div className="grid gap-1">
      <p className="text-sm text-muted-foreground">
        {row.upload.status === 'uploading' ? `Uploading… ${percent}%` : 'Waiting to upload'}
      </p>
      <div
        role="progressbar"
        aria-label={`Upload of ${row.fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

interface BatchRowListProps {
  rows: readonly BatchRow[];
  /** Fields are locked while the batch registers and after. */
  locked: boolean;
  onPatch(key: string, patch: Partial<BatchRow>): void;
  onRemove(key: string): void;
}

export function BatchRowList({ rows, locked, onPatch, onRemove }: BatchRowListProps) {
  // Each registered row follows its links live; how many do sets the pace (lib/linkPolling.ts).
  const registered = rows.filter((row) => row.registration.status === 'registered').length;
  return (
    <ol className="grid gap-4" aria-label="Chosen images">
      {rows.map((row, index) => (
        <li key={row.key} className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-[7rem_1fr]" data-testid="batch-row">
          <img src={row.previewUrl} alt="" className="h-28 w-28 rounded-md bg-muted object-cover" />
          <div className="grid min-w-0 gap-3">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 truncate text-sm font-medium" title={row.fileName}>
                {index + 1}. {row.fileName}
              </p>
              {!locked && (
                <Button variant="ghost" size="sm" onClick={() => onRemove(row.key)} aria-label={`Remove ${row.fileName}`}>
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              )}
            </div>
            <RowState row={row} />
            {row.registration.status === 'registered' && <RowLinkStates id={row.registration.work.id} works={registered} />}
            {row.upload.status !== 'error' && (
              <>
                <Field
                  label={`Title of image ${index + 1}`}
                  error={row.titleError}
                  counter={{ length: row.title.length, max: LIMITS.title }}
                >
                  {({ id, describedBy, invalid }) => (
                    <Input
                      id={id}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={row.title}
                      placeholder={titleFromFileName(row.fileName)}
                      maxLength={LIMITS.title}
                      disabled={locked}
                      onChange={(e) => onPatch(row.key, { title: e.target.value, titleError: undefined })}
                    />
                  )}
                </Field>
                <Field label={`Prompt of image ${index + 1}`} labelSuffix="(optional)">
                  {({ id, describedBy }) => (
                    <Textarea
                      id={id}
                      aria-describedby={describedBy}
                      rows={2}
                      value={row.prompt}
                      maxLength={LIMITS.prompt}
                      disabled={locked}
                      onChange={(e) => onPatch(row.key, { prompt: e.target.value })}
                    />
                  )}
                </Field>
              </>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
