// /verify-proof — a person checks a downloaded proof in the browser (issue 15): the proof file
// (proof.json, proof.jsonld or a .tlog-proof) and optionally the image, hashed here with
// WebCrypto. The log key and witness policy come from this site (GET /api/log/key, /log/policy),
// never from the file; the checks are core/registration-proof-check.ts, shared with the server.
import { useState, type ChangeEvent } from 'react';
import { MESSAGES } from '../../../core/messages';
import { checkRegistrationProof, PROOF_FILE_MAX_BYTES, type ProofCheck } from '../../../core/registration-proof-check';
import { bytesToHex } from '../../../core/tlog-verify';
import { PageContainer } from '../components/layout/PageContainer';
import { useDocumentTitle } from '../lib/useDocumentTitle';

type State = { status: 'idle' } | { status: 'checking' } | { status: 'done'; checks: ProofCheck[] } | { status: 'unavailable' };

async function trustAnchors(): Promise<{ vkey: string; policy?: string } | null> {
  const [key, policy] = await Promise.all([fetch('/api/log/key'), fetch('/log/policy')]);
  if (!key.ok) return null;
  return { vkey: (await key.text()).trim(), ...(policy.ok ? { policy: await policy.text() } : {}) };
}

async function sha256Hex(file: File): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer())));
}

export default function VerifyProofPage() {
  useDocumentTitle(MESSAGES.verifyProofIntro.title);
  const [proofFile, setProofFile] = useState<File | null>(null);
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ status: 'idle' });

  const pick = (set: (file: File | null) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.files?.[0] ?? null);
    setState({ status: 'idle' });
  };

  async function check() {
    if (!proofFile) return;
    setState({ status: 'checking' });
    try {
      const anchors = await trustAnchors();
      if (!anchors) return setState({ status: 'unavailable' });
      // Budget before reading: a proof is a few kilobytes.
      if (proofFile.size > PROOF_FILE_MAX_BYTES) {
        return setState({
          status: 'done',
          checks: [{ id: 'format', ok: false, text: 'The file is too large to be a proof bundle.' }],
        });
      }
      const text = await proofFile.text();
      const imageHash = imageFile ? await sha256Hex(imageFile) : undefined;
      setState({ status: 'done', checks: await checkRegistrationProof(text, anchors, imageHash) });
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
          <p className="text-lg text-muted-foreground">{MESSAGES.verifyProofIntro.description}</p>
        </header>

        <div className="grid gap-4">
          <label className="grid gap-1 text-sm font-medium">
            Proof file (proof.json)
            <input type="file" accept=".json,.jsonld,.tlog-proof,application/json" onChange={pick(setProofFile)} />
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Image file (optional)
            <input type="file" accept="image/*" onChange={pick(setImageFile)} />
          </label>
          <div>
            <button
              type="button"
              onClick={() => void check()}
              disabled={!proofFile || state.status === 'checking'}
              className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground disabled:opacity-50"
            >
              {state.status === 'checking' ? 'Checking…' : 'Check the proof'}
            </button>
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
          </section>
        )}
      </div>
    </PageContainer>
  );
}
