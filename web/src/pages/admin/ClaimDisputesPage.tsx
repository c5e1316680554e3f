// /admin/claim-disputes (decision 0063): confirmed disputes of claimed artist names, with a status
// filter and counts, search, and the decision dialog: uphold (release the claim, or hand it to the
// disputer's proven page) or reject. Every decision is an audit row and an e-mail to the disputer.
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClaimDispute } from '#core/api/claim-disputes';
import type { ClaimDisputeDecision } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { adminApi, adminKeys } from '../../components/admin/adminApi';
import { toastAdminError } from '../../components/admin/adminErrors';
import { CLAIM_DISPUTES_LINKS } from '../../components/admin/adminLinks';
import { AdminShell } from '../../components/admin/AdminShell';
import { AdminTable } from '../../components/admin/AdminTable';
import { FilteredAdminList, type StatusChoice } from '../../components/admin/FilteredAdminList';
import { NotesAndDecision } from '../../components/admin/NotesAndDecision';
import { ReviewField } from '../../components/admin/ReviewField';
import { td } from '../../components/admin/TableRegion';
import { useAdminList } from '../../components/admin/useAdminList';
import { useSessionExpiredHandler } from '../../components/admin/useAdminSession';
import { useListFilters } from '../../components/admin/useListFilters';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { formatDateTime } from '../../lib/dates';
import { toastSuccess } from '../../lib/toast';

const STATUSES: readonly StatusChoice[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'upheld', label: 'Upheld' },
  { value: 'rejected', label: 'Rejected' },
];

export default function ClaimDisputesPage() {
  return (
    <AdminShell
      title="Claim Disputes"
      description="Disputes of claimed artist names: uphold to release or transfer the claim, or reject."
      links={CLAIM_DISPUTES_LINKS}
    >
      {() => <ClaimDisputes />}
    </AdminShell>
  );
}

function outcomeText(dispute: AdminClaimDispute): string {
  if (dispute.status === 'pending') return 'Pending';
  if (dispute.status === 'rejected') return 'Rejected';
  return dispute.outcome === 'transferred' ? 'Upheld (transferred)' : 'Upheld (released)';
}

function ClaimDisputes() {
  const filtering = useListFilters({ status: '', search: '', page: 1 });
  const { filters } = filtering;
  const [reviewing, setReviewing] = useState<AdminClaimDispute | null>(null);
  const list = useAdminList(adminKeys.claimDisputes(filters), () => adminApi.claimDisputes(filters), MESSAGES.loadClaimDisputesFailed);

  return (
    <FilteredAdminList
      label="Claim disputes"
      filtering={filtering}
      statuses={STATUSES}
      searchLabel="Search disputes"
      searchPlaceholder="Artist name, e-mail or explanation"
      list={list}
      emptyText="No claim disputes match."
      pagerLabel="Claim dispute pages"
      after={
        <Dialog open={reviewing !== null} onOpenChange={(open) => !open && setReviewing(null)}>
          <DialogContent className="max-w-2xl">
            {reviewing && <Review dispute={reviewing} onDone={() => setReviewing(null)} />}
          </DialogContent>
        </Dialog>
      }
    >
      {(items) => (
        <AdminTable
          label="Claim disputes"
          columns={['Artist name', 'Disputer', 'Explanation', 'Status', 'Filed', 'Action']}
          minWidthClass="min-w-[760px]"
        >
          {items.map((dispute) => (
            <tr key={dispute.id}>
              <td className={td}>{dispute.artist_name}</td>
              <td className={`${td} break-all text-xs`}>{dispute.disputer_email}</td>
              <td className={`${td} max-w-md`}>
                <p className="line-clamp-2" title={dispute.explanation}>
                  {dispute.explanation}
                </p>
              </td>
              <td className={td}>{outcomeText(dispute)}</td>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={dispute.created_at}>{formatDateTime(dispute.created_at)}</time>
              </td>
              <td className={td}>
                <Button variant="outline" size="sm" onClick={() => setReviewing(dispute)}>
                  Review
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </FilteredAdminList>
  );
}

function Review({ dispute, onDone }: { dispute: AdminClaimDispute; onDone: () => void }) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const decide = useMutation({
    mutationFn: ({ decision, notes }: { decision: ClaimDisputeDecision; notes: string }) =>
      adminApi.decideClaimDispute(dispute.id, decision, notes),
    onSuccess: async (_result, { decision }) => {
      const done = decision === 'upheld' ? MESSAGES.claimDisputeUpheld : MESSAGES.claimDisputeRejected;
      toastSuccess(done.title, done.description);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all, predicate: (q) => q.queryKey[1] !== 'session' });
      onDone();
    },
    onError: (error) => {
      onSessionExpired(error);
      toastAdminError(error, MESSAGES.processRequestFailed);
    },
  });
  const pending = dispute.status === 'pending';

  return (
    <>
      <DialogHeader>
        <DialogTitle>Review claim dispute</DialogTitle>
        <DialogDescription>
          {pending
            ? dispute.disputer_has_proof
              ? "Upholding hands the name to the disputer's address, which has proven a page of its own under it."
              : 'Upholding releases the claim: the name becomes unclaimed. Rejecting keeps it.'
            : 'This dispute has already been decided.'}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid gap-2">
        <ReviewField label="Artist name">
          <Link to={`/artist/${encodeURIComponent(dispute.artist_name)}`} target="_blank" className="text-primary hover:underline">
            {dispute.artist_name}
          </Link>
        </ReviewField>
        <ReviewField label="Status">{outcomeText(dispute)}</ReviewField>
        <ReviewField label="Claimant">{dispute.claimant_email}</ReviewField>
        <ReviewField label="Disputer">{dispute.disputer_email}</ReviewField>
        <ReviewField label="Their links">
          <ul>
            {dispute.proof_links.map((link) => (
              <li key={link} className="break-all font-mono text-xs">
                {link}
              </li>
            ))}
          </ul>
        </ReviewField>
        <ReviewField label="Explanation">
          <span className="whitespace-pre-wrap">{dispute.explanation}</span>
        </ReviewField>
        <ReviewField label="Filed">
          <time dateTime={dispute.created_at}>{formatDateTime(dispute.created_at)}</time>
        </ReviewField>
        <ReviewField label="Request IP">{dispute.request_ip ?? '—'}</ReviewField>
        {!pending && (
          <ReviewField label="Decided">
            {formatDateTime(dispute.processed_at)}
            {dispute.processed_by && ` by ${dispute.processed_by}`}
          </ReviewField>
        )}
      </dl>
      <NotesAndDecision<ClaimDisputeDecision>
        initialNotes={dispute.admin_notes}
        pending={pending}
        busy={decide.isPending}
        refuse={{ decision: 'rejected', label: 'Reject' }}
        accept={{ decision: 'upheld', label: 'Uphold' }}
        onDecide={(decision, notes) => decide.mutate({ decision, notes })}
      />
    </>
  );
}
