// 'Submission Details': the whole public record of one work in a dialog (docs/product.md §2 Quick View).
// The spinner stays for QUICK_VIEW_DELAY_MS even when the record arrives sooner (docs/product.md §4), then
// 'Details loaded' is announced.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { PublicWork } from '#core/api-types';
import { QUICK_VIEW_DELAY_MS } from '#core/constants';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { apiGet } from '../../lib/api';
import { toastSuccess } from '../../lib/toast';
import { QuickViewDetails } from './QuickViewDetails';

export const DETAILS_LOADED = { title: 'Details loaded', description: 'Viewing comprehensive submission details' } as const;

/** Query key and fetcher of one public record, shared with anything else that shows it. */
export function publicWorkQuery(id: string) {
  return {
    queryKey: ['submission', id] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<PublicWork>(`/api/submissions/${encodeURIComponent(id)}`, { signal }),
  };
}

export interface QuickViewDialogProps {
  /** The work to show; null keeps the dialog closed. */
  workId: string | null;
  /**
   * Gets focus back when the dialog closes (it is opened without a Radix Trigger). A ref, because
   * the close handler runs after the page has already cleared the open work.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  onClose: () => void;
}

export function QuickViewDialog({ workId, returnFocusRef, onClose }: QuickViewDialogProps) {
  return (
    <Dialog open={workId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-2xl!"
        onCloseAutoFocus={(event) => {
          const opener = returnFocusRef?.current;
          if (opener?.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Submission Details</DialogTitle>
          <DialogDescription>The public record of this work in the ledger.</DialogDescription>
        </DialogHeader>
        {workId && <QuickViewBody key={workId} id={workId} />}
      </DialogContent>
    </Dialog>
  );
}

function QuickViewBody({ id }: { id: string }) {
  const query = useQuery(publicWorkQuery(id));
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), QUICK_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const ready = waited && query.data !== undefined;
  const announced = useRef(false);
  useEffect(() => {
    if (ready && !announced.current) {
      announced.current = true;
      toastSuccess(DETAILS_LOADED.title, DETAILS_LOADED.description);
    }
  }, [ready]);

  useEffect(() => {
    if (query.error) console.error('Quick View: could not load submission', id, query.error);
  }, [query.error, id]);

  if (waited && query.isError) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        The details of this submission could not be loaded. Please try again.
      </p>
    );
  }
  if (!ready || query.data === undefined) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner className="h-8 w-8 text-primary" label="Loading submission details…" />
      </div>
    );
  }
  return <QuickViewDetails work={query.data} />;
}
