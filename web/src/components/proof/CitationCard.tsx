// 'Citation' card: how to cite the work, with its permanent link (docs/product.md §2, §9 'Proof link').
import { Quote } from 'lucide-react';
import type { PublicWork } from '#core/api-types';
import { copiedMessage, MESSAGES } from '#core/messages';
import { CopyButton } from '../ledger/CopyButton';
import { workCitation } from '#core/proof-text';
import { ProofCard } from './ProofCard';

const CITATION_COPIED = copiedMessage('Citation copied to clipboard');

export function CitationCard({ work }: { work: PublicWork }) {
  const citation = workCitation(work);
  return (
    <ProofCard title="Citation" icon={Quote}>
      <p className="break-words rounded-md bg-muted p-3 text-sm">{citation}</p>
      <p className="text-sm">
        <span className="text-muted-foreground">Permanent link: </span>
        <a href={work.verify_url} className="break-all text-primary hover:underline">
          {work.verify_url}
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          text={citation}
          label="Copy citation"
          successTitle={CITATION_COPIED.title}
          successDescription={CITATION_COPIED.description}
        >
          Copy citation
        </CopyButton>
        <CopyButton
          text={work.verify_url}
          label="Copy permanent link"
          successTitle={MESSAGES.doiLinkCopied.title}
          successDescription={MESSAGES.doiLinkCopied.description}
        >
          Copy permanent link
        </CopyButton>
      </div>
    </ProofCard>
  );
}
