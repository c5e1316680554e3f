// /verify-proof — a person checks a downloaded proof in the browser (issues 15, 35): the bundle
// (.zip) or the proof file (proof.json, proof.jsonld or a .tlog-proof), and optionally the image,
// dropped on the page or chosen; files are told apart by their bytes (lib/proofFiles.ts) and the
// image is hashed here with WebCrypto. The log key and witness policy come from this site
// (GET /api/log/key, /log/policy), never from the file; the checks are
// core/registration-proof-check.ts, shared with the server. The introduction names only the
// checks this deployment makes (core/deployment-texts.ts).
import { FileCheck, Image as ImageIcon, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { verifyProofIntroText } from '#core/deployment-texts';
import { MESSAGES } from '#core/messages';
import { LOG_ENTRY_NUMBERING } from '#core/proof-text';
import { checkRegistrationProof, type ProofCheck } from '#core/registration-proof-check';
import { PageContainer } from '../components/layout/PageContainer';
import { Button } from '../components/ui/Button';
import { cn } from '../lib/cn';
import { readProofFiles, type ChosenImage, type ChosenProof } from '../lib/proofFiles';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useSiteConfig } from '../lib/useSiteConfig';

type State = { status: 'idle' } | { status: 'checking' } | { status: 'done'; checks: ProofCheck[] } | { status: 'unavailable' };

async function trustAnchors(): Promise<{ vkey: string; policy?: string } | null> {
  const [key, policy] = await Promise.all([fetch('/api/log/key'), fetch('/log/policy')]);
  if (!key.ok) return null;
  return { vkey: (await key.text()).trim(), ...(policy.ok ? { policy: await policy.text() } : {}) };
}

const fromZip = (file: { name: string; from?: string }) => (file.from ? `${file.name} (from ${file.from})` : file.name);

export default function VerifyProofPage() {
  useDocumentTitle(MESSAGES.verifyProofIntro.title);
  const site = useSiteConfig();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [proof, setProof] = useState<ChosenProof | undefined>();
  const [image, setImage] = useState<ChosenImage | undefined>();
  const [problems, setProblems] = useState<string[]>([]);
  const [state, setState] = useState<State>({ status: 'idle' });

  async function take(files: FileList | null) {
    if (!files || files.length === 0) return;
    const read = await readProofFiles([...files], { proof, image });
    setProof(read.proof);
    setImage(read.image);
    setProblems(read.problems);
    setState({ status: 'idle' });
  }

  function clear() {
    setProof(undefined);
    setImage(undefined);
    setProblems([]);
    setState({ status: 'idle' });
  }

  async function check() {
    if (!proof) return;
    setState({ status: 'checking' });
    try {
      const anchors = await trustAnchors();
      if (!anchors) return setState({ status: 'unavailable' });
      setState({ status: 'done', checks: await checkRegistrationProof(proof.text, anchors, image?.sha256) });
    } catch {
      setState({ status: 'unavailable' });
    }
  }

  const passed = state.status === 'done' && state.checks.every((c) => c.ok);
  const verdict = passed ? MESSAGES.verifyProofPassed : MESSAGES.verifyProofFailed;

  return (
    <PageContainer>
      <div className="mx-auto grid max-w-3xl gap-8">
        <header className="grid gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{MESSAGES.verifyProofIntro.title}</h1>
          {/* Shown once the server has said which checks this deployment makes. */}
          <p className="min-h-14 text-lg text-muted-foreground">{site.data && verifyProofIntroText(site.data)}</p>
        </header>

        <div className="grid gap-4">
          <div
            data-testid="proof-drop-zone"
            onDragOver={(event: DragEvent) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event: DragEvent) => {
              event.preventDefault();
              setDragging(false);
              void take(event.dataTransfer.files);
            }}
            className={cn(
              'grid justify-items-center gap-3 rounded-card border-2 border-dashed p-8 text-center transition-colors',
              dragging ? 'border-primary bg-accent' : 'border-border bg-muted/40',
            )}
          >
            <Upload aria-hidden="true" className="h-8 w-8 text-primary" />
            <p className="font-medium">Drop the bundle (.zip), proof.json and the image here</p>
            <p className="text-sm text-muted-foreground">or</p>
            <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
              Choose files
            </Button>
            <input
              ref={inputRef}
              type="file"
              multiple
              hidden
              aria-label="Proof and image files"
              accept=".zip,.json,.jsonld,.tlog-proof,application/zip,application/json,image/jpeg,image/png,image/webp"
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                void take(event.currentTarget.files);
                event.currentTarget.value = '';
              }}
            />
          </div>

          {(proof || image) && (
            <ul aria-label="Chosen files" className="grid gap-1 text-sm">
              {proof && (
                <li className="flex items-center gap-2">
                  <FileCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-primary" />
                  Proof: {fromZip(proof)}
                </li>
              )}
              {image && (
                <li className="flex items-center gap-2">
                  <ImageIcon aria-hidden="true" className="h-4 w-4 shrink-0 text-primary" />
                  Image: {fromZip(image)}
                </li>
              )}
            </ul>
          )}
          {problems.length > 0 && (
            <ul role="alert" className="grid gap-1 rounded-md border border-red-300 bg-destructive-soft p-3 text-sm text-red-950">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}

          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => void check()} disabled={!proof || state.status === 'checking'}>
              {state.status === 'checking' ? 'Checking…' : 'Check the proof'}
            </Button>
            {(proof || image) && (
              <Button type="button" variant="ghost" onClick={clear}>
                Clear
              </Button>
            )}
          </div>
        </div>

        {state.status === 'unavailable' && (
          <p role="alert" className="rounded-md border border-red-300 bg-destructive-soft p-4 text-sm text-red-950">
            <strong className="font-semibold">{MESSAGES.verifyProofUnavailable.title}.</strong>{' '}
            {MESSAGES.verifyProofUnavailable.description}
          </p>
        )}
        {state.status === 'done' && (
          <section aria-live="polite" className="grid gap-3" data-testid="proof-result">
            <h2 className="text-xl font-semibold">{verdict.title}</h2>
            <p className="text-sm text-muted-foreground">{verdict.description}</p>
            <ul className="grid gap-2">
              {state.checks.map((c) => (
                <li key={c.id} data-check={c.id} data-ok={c.ok} className="flex gap-2 text-sm">
                  <span aria-hidden="true">{c.ok ? '✓' : '✗'}</span>
                  <span>
                    <span className="sr-only">{c.ok ? 'Passed: ' : 'Failed: '}</span>
                    {c.text}
                  </span>
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">{LOG_ENTRY_NUMBERING}</p>
          </section>
        )}
      </div>
    </PageContainer>
  );
}
