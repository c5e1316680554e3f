// The image check (decision 0018): checks every stored image in batches (so it can show
// progress), regenerates missing derivatives from the originals, and lists works whose
// original is lost. It never replaces an artist's image with a generated one.
import { useId, useState } from 'react';
import { ImageUp } from 'lucide-react';
import type { ImageCheckLostWork } from '#core/admin-api-types';
import { imageCheckResultMessage, type MessagePair } from '#core/messages';
import { toastSuccess } from '../../lib/toast';
import { Button } from '../ui/Button';
import { adminApi } from './adminApi';
import { toastAdminError } from './adminErrors';
import { useSessionExpiredHandler } from './useAdminSession';

const BATCH = 25;
const CHECK_FAILED: MessagePair = { title: 'Error checking images', description: 'The image check stopped. Please try again.' };

interface Progress {
  total: number;
  checked: number;
  ok: number;
  regenerated: number;
  lost: ImageCheckLostWork[];
  done: boolean;
}

export function ImageCheckTool() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState(false);
  const onSessionExpired = useSessionExpiredHandler();
  const id = useId();

  async function run() {
    setRunning(true);
    let sum: Progress = { total: 0, checked: 0, ok: 0, regenerated: 0, lost: [], done: false };
    setProgress(sum);
    try {
      let offset: number | null = 0;
      while (offset !== null) {
        const batch = await adminApi.checkImages(offset, BATCH);
        sum = {
          total: batch.total,
          checked: sum.checked + batch.checked,
          ok: sum.ok + batch.ok,
          regenerated: sum.regenerated + batch.regenerated,
          lost: [...sum.lost, ...batch.lost],
          done: batch.next_offset === null,
        };
        setProgress(sum);
        offset = batch.next_offset;
      }
      const result = imageCheckResultMessage({ ok: sum.ok, regenerated: sum.regenerated, lost: sum.lost.length });
      toastSuccess(result.title, result.description);
    } catch (error) {
      onSessionExpired(error);
      toastAdminError(error, CHECK_FAILED);
    } finally {
      setRunning(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-border p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Image check
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Checks every stored image, regenerates missing display images from the originals and lists works whose original is lost.
      </p>
      <Button variant="secondary" className="mt-3" onClick={() => void run()} disabled={running}>
        <ImageUp aria-hidden="true" className="h-4 w-4" />
        {running ? 'Checking images…' : 'Check images'}
      </Button>

      {progress && (
        <div className="mt-4 grid gap-3" aria-live="polite">
          <div className="grid gap-1">
            <label htmlFor={`${id}-progress`} className="text-sm">
              Checked {progress.checked} of {progress.total}
            </label>
            <progress
              id={`${id}-progress`}
              max={Math.max(progress.total, 1)}
              value={progress.checked}
              className="h-2 w-full accent-primary"
            />
          </div>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1">
              <dt>Checked:</dt>
              <dd className="font-semibold tabular-nums">{progress.checked}</dd>
            </div>
            <div className="flex gap-1">
              <dt>OK:</dt>
              <dd className="font-semibold tabular-nums">{progress.ok}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Regenerated:</dt>
              <dd className="font-semibold tabular-nums">{progress.regenerated}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Lost originals:</dt>
              <dd className="font-semibold tabular-nums">{progress.lost.length}</dd>
            </div>
          </dl>
          {progress.lost.length > 0 && (
            <div>
              <h3 className="text-sm font-semibold">Works whose original is lost</h3>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {progress.lost.map((work) => (
                  <li key={work.id}>
                    <span className="font-mono">{work.registry_id}</span> {work.title}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
