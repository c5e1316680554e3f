// The answer to a file check: the file's SHA-256, exact copies in the ledger, visually close
// works (near duplicates), or the plain statement that nothing matches.
import { CircleCheck, Copy, SearchX } from 'lucide-react';
import type { LookupResponse } from '#core/api-types';
import { firstRegistered, MatchList } from './MatchList';

export const NO_MATCH_TEXT = 'No registered work matches this image.';

export function LookupResults({ fileName, result }: { fileName: string; result: LookupResponse }) {
  const none = result.exact.length === 0 && result.near.length === 0;
  const firstId = firstRegistered([...result.exact, ...result.near])?.id ?? null;
  return (
    <section aria-labelledby="lookup-results-heading" className="grid gap-6">
      <div className="grid gap-1">
        <h2 id="lookup-results-heading" className="text-2xl font-semibold tracking-tight">
          Result for <span className="break-all">{fileName}</span>
        </h2>
        <p className="text-sm">
          <span className="text-muted-foreground">SHA-256 of your file: </span>
          <code className="break-all font-mono text-xs">{result.image_hash}</code>
        </p>
      </div>

      {none ? (
        <p className="flex items-center gap-2 rounded-card border border-dashed border-border px-6 py-10 text-muted-foreground">
          <SearchX aria-hidden="true" className="h-5 w-5 shrink-0" />
          {NO_MATCH_TEXT}
        </p>
      ) : (
        <>
          <div className="grid gap-3">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <CircleCheck aria-hidden="true" className="h-5 w-5 text-primary" />
              Exact matches ({result.exact.length})
            </h3>
            {result.exact.length > 0 ? (
              <>
                <p className="text-sm text-muted-foreground">
                  These works were registered with exactly this file (same SHA-256), oldest registration first.
                </p>
                <MatchList label="Exact matches" works={result.exact} firstId={firstId} />
              </>
            ) : (
              <p className="text-sm text-muted-foreground">No work was registered with exactly this file.</p>
            )}
          </div>
          <div className="grid gap-3">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Copy aria-hidden="true" className="h-5 w-5 text-primary" />
              Near duplicates ({result.near.length})
            </h3>
            {result.near.length > 0 ? (
              <>
                <p className="text-sm text-muted-foreground">
                  These works look almost the same (for example resized or re-saved copies): their 64-bit visual fingerprints differ in
                  only a few bits. Oldest registration first.
                </p>
                <MatchList label="Near duplicates" works={result.near} firstId={firstId} />
              </>
            ) : (
              <p className="text-sm text-muted-foreground">No visually similar work is registered.</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
