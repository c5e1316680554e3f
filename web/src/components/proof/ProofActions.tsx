// The proof page's actions (docs/product.md §2): Back to Ledger, Copy URL and Share Proof (share sheet,
// or the link is copied where there is none).
import { ArrowLeft, Link2, Settings2 } from 'lucide-react';
import { MESSAGES } from '#core/messages';
import { Button, ButtonLink } from '../ui/Button';
import { ShareButton } from '../ledger/ShareButton';
import { copyToClipboard } from '../../lib/share';
import { toastError, toastSuccess } from '../../lib/toast';

export function ProofActions({ url, title }: { url: string; title: string }) {
  async function copyUrl() {
    if (await copyToClipboard(url)) toastSuccess(MESSAGES.verificationUrlCopied.title, MESSAGES.verificationUrlCopied.description);
    else toastError(MESSAGES.copyUrlFailed.title, MESSAGES.copyUrlFailed.description);
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <ButtonLink to="/ledger" variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Ledger
      </ButtonLink>
      <div className="flex flex-wrap gap-2">
        {/* The artist asks for a link to the e-mail they registered with (issue 18). */}
        <ButtonLink to="/manage" variant="outline" size="sm">
          <Settings2 aria-hidden="true" className="h-4 w-4" />
          Manage this work
        </ButtonLink>
        <Button variant="outline" size="sm" onClick={copyUrl}>
          <Link2 aria-hidden="true" className="h-4 w-4" />
          Copy URL
        </Button>
        <ShareButton url={url} title={title} text="Share Proof" label="Share Proof" variant="primary" />
      </div>
    </div>
  );
}
