// 'Verification Badge' panel (docs/product.md §2): a preview of the live badge, the downloads (PNG large
// and small, SVG, JSON-LD export, text and PDF reports, the zip bundle and its file list), the
// 'Badge code' HTML snippet, and View Details. All of them need the work's UUID (docs/product.md §5); with
// any other id they stay disabled with the tooltip 'Details available after you submit'.
import { useQuery } from '@tanstack/react-query';
import { Award, Code, Download, Eye } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PublicWork } from '#core/api-types';
import { BADGE_SIZES } from '#core/constants';
import { isUuid } from '#core/ids';
import { MESSAGES, type MessagePair } from '#core/messages';
import { QuickViewDialog } from '../ledger/QuickViewDialog';
import { Button } from '../ui/Button';
import { Tooltip } from '../ui/Tooltip';
import { apiGet, errorMessage } from '../../lib/api';
import { copyToClipboard } from '../../lib/share';
import { toastError, toastSuccess } from '../../lib/toast';
import { downloadFile } from './downloadFile';
import { ProofCard } from './ProofCard';

export const DETAILS_AFTER_SUBMIT = 'Details available after you submit';

interface Artefact {
  /** File under /api/submissions/{id}/, with its query string. */
  file: string;
  label: string;
  /** Words after the label in the accessible name ('Download PNG 800×300 badge (large)'). */
  suffix: string;
  toast: MessagePair;
}

const { large, small } = BADGE_SIZES;
const ARTEFACTS: Artefact[] = [
  {
    file: 'badge.png?size=large',
    label: `PNG ${large.width}×${large.height}`,
    suffix: 'badge (large)',
    toast: MESSAGES.badgePngDownloaded,
  },
  {
    file: 'badge.png?size=small',
    label: `PNG ${small.width}×${small.height}`,
    suffix: 'badge (small)',
    toast: MESSAGES.badgePngDownloaded,
  },
  { file: 'badge.svg', label: 'SVG', suffix: 'badge', toast: MESSAGES.badgeSvgDownloaded },
  { file: 'proof.jsonld', label: 'JSON-LD', suffix: 'authentication export', toast: MESSAGES.badgeJsonDownloaded },
  // The file /verify-proof checks, on its own (it is also in the bundle).
  { file: 'proof.json', label: 'Proof (.json)', suffix: 'for the proof checker', toast: MESSAGES.proofJsonDownloaded },
  { file: 'report.txt', label: 'TXT report', suffix: '', toast: MESSAGES.reportDownloaded },
  { file: 'report.pdf', label: 'PDF report', suffix: '', toast: MESSAGES.pdfReportDownloaded },
  { file: 'bundle.zip', label: 'Bundle (.zip)', suffix: '', toast: MESSAGES.bundleDownloaded },
  { file: 'bundle.txt', label: 'Bundle list (.txt)', suffix: '', toast: MESSAGES.bundleDownloaded },
];

function artefactPath(id: string, file: string): string {
  return `/api/submissions/${encodeURIComponent(id)}/${file}`;
}

/** A button that, when the id is not a UUID, is disabled and explains why in a tooltip. */
function GatedButton({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  if (enabled) return <>{children}</>;
  return (
    <Tooltip content={DETAILS_AFTER_SUBMIT}>
      {/* A disabled button gets no pointer or focus events; the wrapper carries the tooltip. */}
      <span tabIndex={0} className="inline-flex rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {children}
      </span>
    </Tooltip>
  );
}

export function BadgePanel({ work }: { work: PublicWork }) {
  const enabled = isUuid(work.id);
  const [busy, setBusy] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);

  // Fetched ahead of the click: some browsers refuse clipboard writes that follow a slow await.
  const embed = useQuery({
    queryKey: ['badge-embed', work.id],
    queryFn: ({ signal }) => apiGet<{ html: string }>(artefactPath(work.id, 'embed'), { signal }),
    enabled,
    staleTime: Infinity,
  });

  async function download(artefact: Artefact) {
    setBusy(artefact.file);
    try {
      const fallback = `${work.registry_id}-${artefact.file.replace(/\?size=/, '-')}`;
      await downloadFile(artefactPath(work.id, artefact.file), fallback);
      toastSuccess(artefact.toast.title, artefact.toast.description);
    } catch (error) {
      toastError(MESSAGES.downloadFailed.title, errorMessage(error, MESSAGES.downloadFailed.description));
    } finally {
      setBusy(null);
    }
  }

  async function copyBadgeCode() {
    try {
      const html = embed.data?.html ?? (await embed.refetch({ throwOnError: true })).data?.html;
      if (html && (await copyToClipboard(html))) {
        toastSuccess(MESSAGES.badgeCodeCopied.title, MESSAGES.badgeCodeCopied.description);
        return;
      }
    } catch {
      // Reported below, like any failed copy.
    }
    toastError(MESSAGES.copyFailed.title, MESSAGES.copyFailed.description);
  }

  return (
    <ProofCard title="Verification Badge" icon={Award}>
      <div className="overflow-hidden rounded-md border border-border bg-muted p-2">
        <img
          src={`/badge/${encodeURIComponent(work.registry_id)}.svg`}
          alt={`Verification badge of ${work.title} by ${work.artist_name}`}
          width={small.width}
          height={small.height}
          className="mx-auto h-auto w-full max-w-[400px]"
        />
      </div>
      <p className="text-sm text-muted-foreground">
        The badge shows the work's current status and links back to this page. Download it, or copy the HTML code for your site.
      </p>

      <ul aria-label="Downloads" className="grid grid-cols-2 gap-2">
        {ARTEFACTS.map((artefact) => (
          <li key={artefact.file} className="grid">
            <GatedButton enabled={enabled}>
              <Button
                variant="outline"
                size="sm"
                className="w-full justify-start"
                disabled={!enabled || busy !== null}
                aria-label={`Download ${artefact.label} ${artefact.suffix}`.trim()}
                onClick={() => download(artefact)}
              >
                <Download aria-hidden="true" className="h-4 w-4" />
                {artefact.label}
              </Button>
            </GatedButton>
          </li>
        ))}
      </ul>

      <div className="flex flex-wrap gap-2">
        <GatedButton enabled={enabled}>
          <Button variant="secondary" size="sm" disabled={!enabled} onClick={copyBadgeCode}>
            <Code aria-hidden="true" className="h-4 w-4" />
            Copy badge code
          </Button>
        </GatedButton>
        <GatedButton enabled={enabled}>
          <Button variant="secondary" size="sm" disabled={!enabled} onClick={() => setDetailsOpen(true)}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            View Details
          </Button>
        </GatedButton>
      </div>
      <QuickViewDialog workId={detailsOpen ? work.id : null} onClose={() => setDetailsOpen(false)} />
    </ProofCard>
  );
}
