// /lookup — 'Verify a file' (issue 7): a visitor checks an image against the ledger and sees who
// registered the same file, or a visually close one, first. The server hashes the file and
// forgets it (server/proof/lookup-routes.ts).
import { PageContainer } from '../components/layout/PageContainer';
import { LookupDropZone } from '../components/lookup/LookupDropZone';
import { LookupResults } from '../components/lookup/LookupResults';
import { useLookup } from '../components/lookup/useLookup';
import { useImagePreview } from '../components/submit/useImagePreview';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function LookupPage() {
  useDocumentTitle('Verify a File');
  const { state, lookup } = useLookup();
  const file = state.status === 'idle' ? null : state.file;
  const preview = useImagePreview(file);

  return (
    <PageContainer>
      <div className="mx-auto grid max-w-4xl gap-8">
        <header className="grid gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Verify a File</h1>
          <p className="text-lg text-muted-foreground">
            Check whether an image is registered in the ledger: you will see works registered with exactly the same file, visually
            near-identical copies, and who registered it first.
          </p>
          <p className="text-sm text-muted-foreground">
            Your file is only compared with the ledger and is not stored: the server computes its fingerprints and discards it.
          </p>
        </header>

        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
          <LookupDropZone
            onSelect={lookup}
            busy={state.status === 'checking'}
            busyText={state.status === 'checking' ? `Checking… ${Math.round(state.progress * 100)} %` : undefined}
          />
          {preview && (
            <img
              src={preview.url}
              alt="The image you chose"
              width={preview.width}
              height={preview.height}
              className="mx-auto h-auto max-h-40 w-auto max-w-full rounded-md border border-border object-contain"
            />
          )}
        </div>

        {state.status === 'error' && (
          <p role="alert" className="rounded-md border border-red-300 bg-destructive-soft p-4 text-sm text-red-950">
            <strong className="font-semibold">{state.message.title}.</strong> {state.message.description}
          </p>
        )}
        {state.status === 'done' && <LookupResults fileName={state.file.name} result={state.result} />}
      </div>
    </PageContainer>
  );
}
