// "Prove a domain" on the manage page (issue 33, decision 0062): the artist names a domain, gets
// the token of their identity, sets it as a DNS TXT record or a file on the site, and presses
// "Check again"; the check runs in the background and this polls until it ended.
import { useEffect, useState, type FormEvent } from 'react';
import type { ManagedWork } from '#core/api/manage';
import { DOMAIN_METHOD_LABELS, normaliseDomain, type DomainProof } from '#core/api/domain-proofs';
import { MESSAGES } from '#core/messages';
import { errorMessage } from '../../lib/api';
import { formatUtcDay } from '../../lib/dates';
import { checkDomainsAgain, listDomainProofs, listManagedWorks, proveDomain } from '../../lib/manageApi';
import { toastError, toastSuccess } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';

const POLLS = 15;
const POLL_INTERVAL_MS = 1_000;

/** Whether every domain of `only` (all when null) was checked after `before` (the server's own times). */
function checkedSince(proofs: readonly DomainProof[], before: readonly DomainProof[], only: string | null): boolean {
  return proofs.every((p) => {
    if (only !== null && p.domain !== only) return true;
    const previous = before.find((b) => b.domain === p.domain)?.checked_at ?? null;
    return p.checked_at !== null && (previous === null || Date.parse(p.checked_at) > Date.parse(previous));
  });
}

function DomainState({ proof }: { proof: DomainProof }) {
  if (proof.state === 'proven')
    return (
      <span className="text-green-800 dark:text-green-300">
        ✓ proven {formatUtcDay(proof.proven_at!)} ({DOMAIN_METHOD_LABELS[proof.method!]})
      </span>
    );
  if (proof.state === 'not_proven') return <span className="text-red-800 dark:text-red-300">Not proven: {proof.reason}</span>;
  return <span className="text-muted-foreground">Not checked yet</span>;
}

function Copyable({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-1">
      <span className="text-muted-foreground">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-background p-1.5 text-xs">{text}</code>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

function DomainInstructions({ proof }: { proof: DomainProof }) {
  return (
    <li className="grid gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm" aria-label={`Domain ${proof.domain}`}>
      <p className="font-medium">
        {proof.domain} · <DomainState proof={proof} />
      </p>
      {proof.state !== 'proven' && (
        <>
          <p>Either add this DNS TXT record:</p>
          <Copyable label="Record name" text={proof.txt_name} />
          <Copyable label="Record value" text={proof.value} />
          <p>or put the same line in a plain text file (served as text/plain) at:</p>
          <Copyable label="File address" text={proof.file_url} />
        </>
      )}
    </li>
  );
}

export function DomainProofs({ work, onWorkChanged }: { work: ManagedWork; onWorkChanged: (work: ManagedWork) => void }) {
  const [proofs, setProofs] = useState<DomainProof[]>([]);
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = `domain-${work.id}`;

  useEffect(() => {
    listDomainProofs(work.id).then(
      (answer) => setProofs(answer.domain_proofs),
      (err: unknown) => toastError('Domains not loaded', errorMessage(err)),
    );
  }, [work.id]);

  /** Polls until the queued checks ended, then shows the domains and the work as re-scored. */
  async function waitForChecks(before: DomainProof[], only: string | null) {
    for (let i = 0; i < POLLS; i++) {
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      const latest = (await listDomainProofs(work.id)).domain_proofs;
      setProofs(latest);
      if (checkedSince(latest, before, only)) {
        const updated = (await listManagedWorks()).works.find((w) => w.id === work.id);
        if (updated) onWorkChanged(updated);
        return true;
      }
    }
    return false;
  }

  /** Runs the action, then waits for the checks it queued: of `only`, or of every domain. */
  async function run(action: () => Promise<{ domain_proofs: DomainProof[] }>, only: string | null) {
    setBusy(true);
    try {
      const before = (await action()).domain_proofs;
      setProofs(before);
      const done = await waitForChecks(before, only);
      const message = done ? MESSAGES.domainProofChecked : MESSAGES.domainProofStillChecking;
      toastSuccess(message.title, message.description);
    } catch (err) {
      toastError('Not checked', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  function start(event: FormEvent) {
    event.preventDefault();
    if (domain.trim() === '') return;
    // Only the new domain's check was queued; the server keeps the domain as normaliseDomain writes it.
    void run(() => proveDomain(work.id, domain.trim()), normaliseDomain(domain)).then(() => setDomain(''));
  }

  return (
    <section className="grid gap-3" aria-label={`Domains of ${work.title}`}>
      <h4 className="font-semibold">Prove a domain</h4>
      <p className="text-sm text-muted-foreground">
        A domain you own counts as a proven profile link for every work you registered under this artist name with this address.
      </p>
      {proofs.length > 0 && (
        <ul className="grid gap-2">
          {proofs.map((p) => (
            <DomainInstructions key={p.domain} proof={p} />
          ))}
        </ul>
      )}
      <form className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={start}>
        <div className="grid gap-1">
          <Label htmlFor={inputId}>Domain</Label>
          <Input id={inputId} value={domain} placeholder="rutkowski.art" onChange={(e) => setDomain(e.target.value)} />
        </div>
        <Button type="submit" disabled={busy || domain.trim() === ''}>
          Prove a domain
        </Button>
      </form>
      {proofs.length > 0 && (
        <div>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => void run(() => checkDomainsAgain(work.id), null)}>
            Check again
          </Button>
        </div>
      )}
    </section>
  );
}
