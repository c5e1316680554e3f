// One work on the manage page: its score and reasons, its resources (staged here, saved in one
// change so the history says '2 resources added'), prompt visibility, public or private, and
// withdrawal with a reason. Every change answers with the work as re-scored by the server.
import { useState, type FormEvent } from 'react';
import { MANAGE, type ManageResourceType } from '#core/constants';
import type { ManagedWork, ManageResource, ManageWorkChange } from '#core/api/manage';
import { logEntryText } from '#core/proof-text';
import { describeWorkUpdate } from '#core/api/work-history';
import { errorMessage } from '../../lib/api';
import { changeManagedWork, watchManagedWork, withdrawManagedWork } from '../../lib/manageApi';
import { LinkProofState, proofOf } from '../work/LinkProofState';
import { BacklinkHelp } from '../work/BacklinkHelp';
import { checkAgain } from './checkAgain';
import { WorkAlerts } from './WorkAlerts';
import { DomainProofs } from './DomainProofs';
import { CoAuthors } from './CoAuthors';
import { toastError, toastSuccess } from '../../lib/toast';
import { MESSAGES, type MessagePair } from '#core/messages';
import { Badge } from '../ui/Badge';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/Dialog';
import { FieldError, fieldErrorId } from '../ui/FieldError';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';
import { Select } from '../ui/Select';
import { Textarea } from '../ui/Textarea';
import { formatUtcDay } from '../../lib/dates';

const KIND_OPTIONS = [
  { value: 'external_link', label: 'Link about this work' },
  { value: 'artist_profile', label: 'Artist profile' },
] as const;

export function ManagedWorkCard({ work, onChanged }: { work: ManagedWork; onChanged: (work: ManagedWork) => void }) {
  const [resources, setResources] = useState<ManageResource[]>(work.resources);
  const [kind, setKind] = useState<ManageResourceType>('external_link');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [confirmingWithdrawal, setConfirmingWithdrawal] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = { url: `url-${work.id}`, kind: `kind-${work.id}`, reason: `reason-${work.id}` };
  const staged = JSON.stringify(resources) !== JSON.stringify(work.resources);
  const withdrawn = work.status === 'withdrawn';

  /** Runs a change and says what it did: only changes to the record are logged (issue 35). */
  async function run(action: () => Promise<ManagedWork>, done: MessagePair = MESSAGES.manageWorkUpdated) {
    setBusy(true);
    setError(null);
    try {
      const next = await action();
      onChanged(next);
      setResources(next.resources);
      toastSuccess(done.title, done.description);
    } catch (err) {
      setError(errorMessage(err));
      toastError('Not saved', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const change = (body: ManageWorkChange) => run(() => changeManagedWork(work.id, body));

  function addResource(event: FormEvent) {
    event.preventDefault();
    if (url.trim() === '') return;
    setResources((list) => [...list, { type: kind, url: url.trim(), description: '' }]);
    setUrl('');
  }

  return (
    <Card>
      <article className="grid gap-4 p-5" aria-labelledby={`title-${work.id}`}>
        <div className="flex flex-wrap items-start gap-4">
          {work.image_url && <img src={work.image_url} alt="" className="h-20 w-20 rounded-md object-cover" />}
          <div className="min-w-0 flex-1">
            <h3 id={`title-${work.id}`} className="text-lg font-semibold">
              {work.title}
            </h3>
            <p className="text-sm text-muted-foreground">
              {work.registry_id} · registered {formatUtcDay(work.created_at)}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Badge variant={work.status === 'public' ? 'success' : work.status === 'private' ? 'secondary' : 'destructive'}>
                {work.status}
              </Badge>
              <span className="text-sm font-medium" data-testid="trust-score">
                Trust score {work.trust.score}
              </span>
            </div>
          </div>
          {work.status === 'public' && (
            <ButtonLink to={`/verify/${work.id}`} variant="link" size="sm">
              Proof page
            </ButtonLink>
          )}
        </div>

        <details>
          <summary className="cursor-pointer text-sm font-medium">Why this score</summary>
          <ul className="mt-2 list-disc pl-5 text-sm" aria-label={`Reasons for the score of ${work.title}`}>
            {work.trust.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </details>

        {!withdrawn && (
          <section className="grid gap-3" aria-label={`Resources of ${work.title}`}>
            <h4 className="font-semibold">Resources</h4>
            {resources.length === 0 && <p className="text-sm text-muted-foreground">No resources yet.</p>}
            <ul className="grid gap-2">
              {resources.map((r, i) => (
                <li
                  key={`${r.url}-${i}`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2 text-sm"
                >
                  <span className="grid min-w-0 gap-0.5 break-all">
                    <span>
                      <span className="text-muted-foreground">{r.type === 'artist_profile' ? 'Profile' : 'Link'}: </span>
                      {r.url}
                    </span>
                    {proofOf(work.link_proofs, r.url) && <LinkProofState proof={proofOf(work.link_proofs, r.url)!} />}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setResources((list) => list.filter((_, j) => j !== i))}
                    aria-label={`Remove ${r.url}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            {work.link_proofs.length > 0 && (
              <BacklinkHelp
                id={`backlink-${work.id}`}
                backlink={work.backlink}
                actions={
                  <Button size="sm" disabled={busy} onClick={() => void run(() => checkAgain(work), MESSAGES.manageLinksChecked)}>
                    Check again
                  </Button>
                }
              />
            )}
            {resources.length < MANAGE.maxResources && (
              <form className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end" onSubmit={addResource}>
                <div className="grid gap-1">
                  <Label htmlFor={ids.kind}>Kind</Label>
                  <Select
                    id={ids.kind}
                    value={kind}
                    onChange={(e) => setKind(e.target.value as ManageResourceType)}
                    options={KIND_OPTIONS}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={ids.url}>Web address</Label>
                  <Input
                    id={ids.url}
                    type="url"
                    placeholder="https://"
                    value={url}
                    onChange={(e) => setUrl(e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? fieldErrorId(ids.url) : undefined}
                  />
                </div>
                <Button type="submit" variant="outline">
                  Add
                </Button>
              </form>
            )}
            <FieldError id={fieldErrorId(ids.url)} message={error} />
            <div className="flex flex-wrap gap-2">
              <Button disabled={!staged || busy} onClick={() => void change({ resources })}>
                Save resources
              </Button>
              {staged && (
                <Button variant="ghost" onClick={() => setResources(work.resources)}>
                  Undo
                </Button>
              )}
            </div>
          </section>
        )}

        {!withdrawn && <DomainProofs work={work} onWorkChanged={onChanged} />}

        {!withdrawn && <CoAuthors work={work} onWorkChanged={onChanged} />}

        {!withdrawn && (
          <section className="grid gap-2" aria-label={`Visibility of ${work.title}`}>
            <h4 className="font-semibold">Visibility</h4>
            <p className="text-sm text-muted-foreground">
              The prompt is {work.prompt_visibility}; the work is {work.status}.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => void change({ prompt_visibility: work.prompt_visibility === 'public' ? 'private' : 'public' })}
              >
                {work.prompt_visibility === 'public' ? 'Make prompt private' : 'Make prompt public'}
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => void change({ visibility: work.status === 'public' ? 'private' : 'public' })}
              >
                {work.status === 'public' ? 'Make work private' : 'Make work public'}
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">
              AI training is {work.allow_ai_training ? 'allowed' : 'not allowed'}. Registries and platforms that follow this registry
              are told when you change it.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={busy} onClick={() => void change({ allow_ai_training: !work.allow_ai_training })}>
                {work.allow_ai_training ? 'Reserve AI training' : 'Allow AI training'}
              </Button>
            </div>
          </section>
        )}

        {work.status === 'public' && (
          <WorkAlerts
            work={work}
            busy={busy}
            onWatch={(watching) =>
              void run(() => watchManagedWork(work.id, watching), watching ? MESSAGES.manageAlertsOn : MESSAGES.manageAlertsOff)
            }
          />
        )}

        {work.history.length > 0 && (
          <section aria-label={`History of ${work.title}`}>
            <h4 className="font-semibold">History</h4>
            <ol className="mt-1 grid gap-1 text-sm">
              {work.history.map((h) => (
                <li key={`${h.at}-${h.leaf_index ?? ''}`}>
                  Updated on {formatUtcDay(h.at)}: {describeWorkUpdate(h)}
                  {h.leaf_index !== null && ` (${logEntryText(h.leaf_index)})`}
                </li>
              ))}
            </ol>
          </section>
        )}

        {!withdrawn && (
          <details>
            <summary className="cursor-pointer text-sm font-medium text-destructive">Withdraw this work</summary>
            <form
              className="mt-2 grid gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                // Withdrawing takes the work off the public registry: asked once more (issue 35).
                setConfirmingWithdrawal(true);
              }}
            >
              <Label htmlFor={ids.reason}>Why do you withdraw it? (at most {MANAGE.withdrawalReason} characters)</Label>
              <Textarea
                id={ids.reason}
                value={reason}
                maxLength={MANAGE.withdrawalReason}
                onChange={(e) => setReason(e.target.value)}
              />
              <div>
                <Button type="submit" variant="destructive" disabled={busy || reason.trim() === ''}>
                  Withdraw
                </Button>
              </div>
            </form>
            <Dialog open={confirmingWithdrawal} onOpenChange={setConfirmingWithdrawal}>
              <DialogContent>
                <DialogHeader>
                  <DialogTitle>{MESSAGES.manageWithdrawConfirm.title}</DialogTitle>
                  <DialogDescription>{MESSAGES.manageWithdrawConfirm.description}</DialogDescription>
                </DialogHeader>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">Keep it public</Button>
                  </DialogClose>
                  <Button
                    variant="destructive"
                    disabled={busy}
                    onClick={() => {
                      setConfirmingWithdrawal(false);
                      void run(() => withdrawManagedWork(work.id, reason), MESSAGES.manageWorkWithdrawnDone);
                    }}
                  >
                    Withdraw {work.registry_id}
                  </Button>
                </DialogFooter>
              </DialogContent>
            </Dialog>
          </details>
        )}
      </article>
    </Card>
  );
}
