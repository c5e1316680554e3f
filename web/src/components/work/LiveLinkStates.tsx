// A receipt's links (issue 33): each link of a work just registered with its state, kept live by
// asking the public record again (lib/linkPolling.ts) while the link checks run in the background;
// the back-link to copy while a link is not proven; and where "Check again" is. A receipt holds no
// manage capability (the manage session comes only from a link e-mailed to the address), so it
// points to the manage page instead of offering the button itself.
import { useQuery } from '@tanstack/react-query';
import type { PublicWork } from '#core/api-types';
import { MESSAGES } from '#core/messages';
import { trustStatus } from '#core/status';
import { needsBacklink, nextLinkPollDelay, receiptBacklink } from '../../lib/linkPolling';
import { publicWorkQuery } from '../ledger/QuickViewDialog';
import { ButtonLink } from '../ui/Button';
import { Card, CardContent } from '../ui/Card';
import { BacklinkHelp } from './BacklinkHelp';
import { LinkProofState } from './LinkProofState';

/** The work's public record, asked again on lib/linkPolling.ts's schedule; `works` is how many a page follows at once. */
export function useLiveWork(id: string, works = 1) {
  return useQuery({
    ...publicWorkQuery(id),
    staleTime: 0,
    // Coming back from the manage page's Check again (another tab) shows the new state at once.
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data?.link_proofs.length === 0
        ? false
        : nextLinkPollDelay(query.state.dataUpdateCount + query.state.errorUpdateCount, works),
  });
}

function ManageLink() {
  return (
    <ButtonLink to="/manage" size="sm">
      Check again on the manage page
    </ButtonLink>
  );
}

function CheckAgainNote() {
  return <p className="text-muted-foreground">{MESSAGES.receiptCheckAgain.description}</p>;
}

function LinkList({ work }: { work: PublicWork }) {
  const status = trustStatus(work.trust.score);
  // One polite live region: a state or score that changes is read out without moving the focus.
  return (
    <div aria-live="polite" className="grid gap-2">
      <p className="text-sm font-medium" data-testid="live-trust-score">
        Trust score {work.trust.score}/100, {status.label}
      </p>
      <ul className="grid gap-2" aria-label={`Links of ${work.registry_id}`}>
        {work.link_proofs.map((proof) => (
          <li key={proof.url} className="grid gap-0.5 break-all rounded-md border border-border p-2 text-sm">
            <span>{proof.url}</span>
            <LinkProofState proof={proof} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The receipt after the wizard: a card above the proof page of the work just registered. */
export function LinkStatesReceipt({ work }: { work: PublicWork }) {
  useLiveWork(work.id);
  if (work.link_proofs.length === 0) return null;
  const titleId = `receipt-links-${work.id}`;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <section aria-labelledby={titleId} className="grid gap-3">
          <h2 id={titleId} className="text-xl font-semibold">
            {MESSAGES.receiptLinkStates.title}
          </h2>
          <p className="text-sm text-muted-foreground">{MESSAGES.receiptLinkStates.description}</p>
          <LinkList work={work} />
          {needsBacklink(work.link_proofs) && (
            <BacklinkHelp
              id={`backlink-${work.id}`}
              backlink={receiptBacklink(work)}
              actions={<ManageLink />}
              note={<CheckAgainNote />}
            />
          )}
        </section>
      </CardContent>
    </Card>
  );
}

/**
 * One registered row of a batch: its links, live. `works` is how many rows the page follows, so
 * the batch together stays within the read budget. The back-link, one per work, is folded away.
 */
export function RowLinkStates({ id, works }: { id: string; works: number }) {
  const { data: work } = useLiveWork(id, works);
  if (!work || work.link_proofs.length === 0) return null;
  return (
    <div className="grid gap-2">
      <LinkList work={work} />
      {needsBacklink(work.link_proofs) && (
        <details>
          <summary className="cursor-pointer text-sm font-medium">How to prove the links of {work.registry_id}</summary>
          <div className="mt-2">
            <BacklinkHelp
              id={`backlink-${work.id}`}
              backlink={receiptBacklink(work)}
              actions={<ManageLink />}
              note={<CheckAgainNote />}
            />
          </div>
        </details>
      )}
    </div>
  );
}
