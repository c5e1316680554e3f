// 'Transparency Log': the browser fetches the work's inclusion proof and the log's public key
// and checks both itself (WebCrypto), so the visitor need not trust this server's word that the
// record was logged (issue 7, decision 0002).
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Loader2, RefreshCw, ScrollText } from 'lucide-react';
import type { PublicWork } from '#core/api-types';
import { HASH_DISPLAY } from '#core/constants';
import { LOG_ENTRY_NUMBERING, logSizeText } from '#core/proof-text';
import { Button } from '../ui/Button';
import { Link } from 'react-router';
import { checkWorkInLog, inclusionProofPath, inclusionVerifiedText, LOG_CHECKPOINT_PATH, LOG_KEY_PATH } from '../../lib/verifyProof';
import { ProofCard } from './ProofCard';

const linkClass = 'text-primary hover:underline';

export function LogPanel({ work }: { work: PublicWork }) {
  const query = useQuery({
    queryKey: ['log-check', work.id],
    queryFn: ({ signal }) => checkWorkInLog(work, signal),
    retry: false,
    staleTime: 60_000,
  });
  const result = query.data;

  return (
    <ProofCard title="Transparency Log" icon={ScrollText}>
      <p className="text-sm text-muted-foreground">
        Every registration is appended to a public, append-only log (a Merkle tree as in RFC 9162) whose checkpoints the server signs.
        Your browser recomputes the path from this work's entry to the signed root and checks the signature. {LOG_ENTRY_NUMBERING}
      </p>

      <div aria-live="polite">
        {query.isPending && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin text-primary" />
            Checking the log proof in your browser…
          </p>
        )}

        {result?.state === 'verified' && (
          <div className="grid gap-2 rounded-md border border-green-300 bg-success-soft p-4 text-sm text-green-950">
            <p className="flex items-start gap-2 font-semibold">
              <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              {inclusionVerifiedText(result.leafIndex)}
            </p>
            <p>
              Signed checkpoint of <code className="font-mono text-xs">{result.origin}</code>: {logSizeText(result.treeSize)}, root
              hash{' '}
              <code className="font-mono text-xs" title={result.rootHash}>
                {result.rootHash.slice(0, HASH_DISPLAY.metadataPanel)}…
              </code>
              .
            </p>
            <details>
              <summary className="cursor-pointer font-medium">Show the signed checkpoint</summary>
              <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded bg-background p-2 font-mono text-xs text-foreground">
                {result.checkpoint}
              </pre>
            </details>
          </div>
        )}

        {result?.state === 'failed' && (
          <div className="grid gap-2 rounded-md border border-red-300 bg-destructive-soft p-4 text-sm text-red-950">
            <p className="flex items-start gap-2 font-semibold">
              <CircleX aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              The log proof for this work could not be verified in your browser.
            </p>
            <ul className="list-disc space-y-1 pl-5">
              {result.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )}

        {result?.state === 'unavailable' && (
          <div className="grid justify-items-start gap-2 text-sm">
            <p>The log proof could not be loaded: {result.message}</p>
            <Button variant="outline" size="sm" onClick={() => query.refetch()}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              Try again
            </Button>
          </div>
        )}

        {result?.state === 'not-logged' && <p className="text-sm">This work has no entry in the transparency log yet.</p>}
      </div>

      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <li>
          <a href={LOG_CHECKPOINT_PATH} className={linkClass}>
            Latest signed checkpoint
          </a>
        </li>
        <li>
          <a href={LOG_KEY_PATH} className={linkClass}>
            Log public key
          </a>
        </li>
        {work.log_index !== null && (
          <li>
            <a href={inclusionProofPath(work.id)} className={linkClass}>
              Inclusion proof (JSON)
            </a>
          </li>
        )}
        <li>
          <Link to="/verify-proof" className={linkClass}>
            Check a downloaded proof bundle
          </Link>
        </li>
      </ul>
    </ProofCard>
  );
}
